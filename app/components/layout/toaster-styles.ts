import "sonner/dist/styles.css";
