// The chat feature's public surface (issue 18): a booking's thread, for the customer and the mate.
export { ChatPanel } from "./chat-panel.tsx";
