let open: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  open = resolve;
});

/** Resolves once the host has told the organisation and language (or was found missing). */
export function hostReady(): Promise<void> {
  return gate;
}

export function openGate() {
  open();
}
