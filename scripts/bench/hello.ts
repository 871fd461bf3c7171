// The baseline: the smallest handler, bundled and initialised the same way as ours.
export const handler = () => Promise.resolve({ statusCode: 200, body: 'hello' });
