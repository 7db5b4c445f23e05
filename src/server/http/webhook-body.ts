import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors.ts";

/** Razorpay's and RazorpayX's webhook events are a few kilobytes; nothing larger is read (413). */
export const webhookBodyLimit = () =>
  bodyLimit({
    maxSize: 256 * 1024,
    onError: () => {
      throw new AppError(413, "too_large", "A webhook body is at most 256 KB.");
    },
  });
