// SWR re-renders a component only for the fields of its answer the component read (data, error,
// isLoading, isValidating). A hook that spreads the answer ({ data, ...rest }) reads them all, so
// every revalidation re-rendered every user twice (validating, then done) even when nothing
// changed. answerWith renames data's part and reads a field only when the caller does.

const FIELDS = ['error', 'isLoading', 'isValidating', 'mutate'];

/** answerWith returns { [name]: pick(swr.data), error, isLoading, isValidating, mutate } read lazily from swr. */
export function answerWith(swr, name, pick = (data) => data) {
  const answer = {};
  Object.defineProperty(answer, name, { get: () => pick(swr.data), enumerable: true });
  for (const field of FIELDS) Object.defineProperty(answer, field, { get: () => swr[field], enumerable: true });
  return answer;
}
