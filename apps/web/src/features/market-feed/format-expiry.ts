/** `06:00` (IST) of an epoch time: when a broker session stops working. */
export const formatTime = (epochMs: number): string =>
  `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(epochMs)} IST`;
