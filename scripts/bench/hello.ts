// The baseline: the smallest handler, bundled and initialised the same way as ours.
export const handler = async () => ({ statusCode: 200, body: 'hello' });
