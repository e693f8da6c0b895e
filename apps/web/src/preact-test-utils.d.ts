import 'preact/test-utils';

// Preact's act awaits whatever promise its callback returns, like React's; its type only lets the
// callback return nothing, which would refuse `act(async () => fireEvent.click(button))`.
declare module 'preact/test-utils' {
  export function act(callback: () => unknown): Promise<void>;
}
