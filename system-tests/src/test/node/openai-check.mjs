// The official openai npm client against a running streamrag gateway: what an application written
// for OpenAI sees. Usage: node openai-check.mjs <gateway url>. Prints "ok <check>" or
// "FAIL <check>: <why>" per check; exits 1 if any failed. Run by system-tests' OpenAiClientTest.
import OpenAI from 'openai';

const gateway = process.argv[2];
if (!gateway) {
  console.error('usage: node openai-check.mjs <gateway url>');
  process.exit(2);
}
const baseURL = `${gateway}/v1`;
const client = (apiKey) => new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 60_000 });
const farmer = client('dev-farmer-key');
const OTHER_SENSOR = '6fa459ea-ee8a-3ca4-894e-db77e160355e';
const QUESTION = 'What is ET0 and how do I use it?';

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function check(name, run) {
  try {
    await run();
    console.log(`ok ${name}`);
  } catch (e) {
    console.log(`FAIL ${name}: ${e?.stack ?? e}`);
    process.exitCode = 1;
  }
}

async function refused(name, call, type, status, code) {
  await check(name, async () => {
    try {
      await call();
    } catch (e) {
      assert(e instanceof type, `${e?.constructor?.name} is not ${type.name}: ${e}`);
      assert(e.status === status, `status ${e.status}, not ${status}`);
      assert(e.code === code, `code ${e.code}, not ${code}`);
      assert(typeof e.error?.message === 'string' && e.error.message, 'no message');
      return;
    }
    throw new Error('no error');
  });
}

await check('models', async () => {
  const ids = [];
  for await (const model of farmer.models.list()) ids.push(model.id);
  assert(JSON.stringify(ids) === JSON.stringify(['croplogic', 'reference']), `models ${ids}`);
});

await check('completion', async () => {
  const c = await farmer.chat.completions.create({
    model: 'croplogic',
    messages: [{ role: 'user', content: QUESTION }],
  });
  assert(c.object === 'chat.completion', `object ${c.object}`);
  assert(c.choices[0].finish_reason === 'stop', `finish ${c.choices[0].finish_reason}`);
  assert(/ET0/i.test(c.choices[0].message.content), `content: ${c.choices[0].message.content}`);
  const x = c.x_streamrag;
  assert(x.citations.length > 0, 'no citations');
  assert(Array.isArray(x.trace) && x.trace.length > 0, 'no trace');
  assert('needs_human' in x, 'no needs_human');
  assert(x.memory === 'given', `memory ${x.memory}`);
});

await check('stream', async () => {
  const stream = await farmer.chat.completions.create({
    model: 'croplogic',
    stream: true,
    stream_options: { include_usage: true },
    // an earlier exchange, as a chat application sends it: the conversation is the messages
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is ET0?' },
      { role: 'assistant', content: 'ET0 is the reference evapotranspiration.' },
      { role: 'user', content: QUESTION },
    ],
    sensor_uuid: '550e8400-e29b-41d4-a716-446655440000', // the extension field
  });
  let text = '';
  let final;
  let usageChunk;
  for await (const chunk of stream) {
    assert(chunk.object === 'chat.completion.chunk', `object ${chunk.object}`);
    if (chunk.choices.length === 0) usageChunk = chunk;
    for (const choice of chunk.choices) {
      text += choice.delta.content ?? '';
      if (choice.finish_reason) final = chunk;
    }
  }
  assert(text.length > 0, 'no text');
  assert(final?.choices[0].finish_reason === 'stop', 'no final chunk');
  assert(final.x_streamrag.citations.length > 0, 'no citations on the final chunk');
  assert(final.x_streamrag.memory === undefined, 'meta belongs to the first chunk');
  assert(usageChunk !== undefined, 'no usage chunk');
});

await refused(
  '401',
  () => client('not-a-key').chat.completions.create({ model: 'croplogic', messages: [{ role: 'user', content: QUESTION }] }),
  OpenAI.AuthenticationError,
  401,
  'invalid_api_key',
);
await refused(
  '403 model',
  () => client('dev-other-key').chat.completions.create({ model: 'reference', messages: [{ role: 'user', content: QUESTION }] }),
  OpenAI.PermissionDeniedError,
  403,
  'model_not_allowed',
);
await refused(
  '403 sensor',
  () => farmer.chat.completions.create({ model: 'croplogic', sensor_uuid: OTHER_SENSOR, messages: [{ role: 'user', content: QUESTION }] }),
  OpenAI.PermissionDeniedError,
  403,
  'forbidden_sensor',
);
await refused(
  '404 model',
  () => farmer.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: QUESTION }] }),
  OpenAI.NotFoundError,
  404,
  'model_not_found',
);
