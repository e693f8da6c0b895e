/** The controller's body as the configuration page draws it (viewBox 0 0 400 224). */
export const PAD_BODY =
  'M135 52 L265 52 C290 52 300 62 304 80 L314 170 C318 196 296 212 280 204 C266 197 256 178 246 164 L154 164 C144 178 134 197 120 204 C104 212 82 196 86 170 L96 80 C100 62 110 52 135 52 Z';

/** The controller, small and without labels: a mapping's mark on a card. Decorative, the card names the model. */
export function PadOutline({ size = 48 }: { size?: number }) {
  return (
    <svg className="pad-outline" width={size} height={(size * 224) / 400} viewBox="80 40 240 176" aria-hidden="true" focusable="false">
      <path d={PAD_BODY} />
    </svg>
  );
}
