/**
 * Sends a mutation and then runs `after` with its answer — also when the component that sent it has
 * gone meanwhile (the list dropped the item it acted on, the person left the page). TanStack Query
 * calls `mutate(variables, { onSuccess })` only for a component still there, so a "Done" toast
 * written that way is lost exactly when the action worked. A failure is for the mutation's own
 * `onError` (or its `error`, shown by the form) to report: it is not reported twice here.
 */
export function mutateThen<Data, Variables>(mutation: { mutateAsync(variables: Variables): Promise<Data> }, variables: Variables, after: (data: Data) => void): void {
  mutation.mutateAsync(variables).then(after, () => undefined);
}
