/** Server messages are shown with the first letter upper case and the rest lower (SPEC section 8). */
export function capitalizeMessage(message: string): string {
  const trimmed = message.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}
