// Loaded with `node --import` into a server under test: its clock (Date) runs TEST_CLOCK_OFFSET_MS
// ahead of the machine's, at the same pace, so a test can watch the server cross a midnight in a
// few seconds. Timers are untouched; only what the server reads as the time moves.
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = globalThis.Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
