/**
 * The bridge protocol as the page speaks it. The messages, their types and constants are the
 * workspace package @padhub/bridge-protocol (docs/bridge.md in words); this adds what only the
 * page decides.
 */
import { type MethodName, methodNames } from '@padhub/bridge-protocol';

export * from '@padhub/bridge-protocol';

/** The methods this page may call, as it tells the host in hello: all of version 1. */
export const pageMethods: MethodName[] = [...methodNames];
