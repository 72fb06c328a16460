#!/usr/bin/env python3
"""Hostile input against a running ./run.sh (demo credentials): malformed, oversized, mistyped,
unauthenticated and out-of-range requests on every public and admin API. Each must get a 4xx with
a JSON error body (a problem detail, or OpenAI's error object on /v1), never a 5xx, a hang or an
empty body; and afterwards conversation memory must still work (a NUL in a message once opened the
memory breaker for everyone). Exits 1 naming each failure. Run by tools/run-security-check.sh."""
import json, sys, time, urllib.error, urllib.request

A = '550e8400-e29b-41d4-a716-446655440000'
B = '6fa459ea-ee8a-3ca4-894e-db77e160355e'
G, S, I = 'http://127.0.0.1:8080', 'http://127.0.0.1:8081', 'http://127.0.0.1:8082'
FARMER = {'Authorization': 'Bearer dev-farmer-key', 'Content-Type': 'application/json'}
DEVICE = {'Authorization': 'Bearer dev-device-token', 'Content-Type': 'application/json'}
ADMIN = {'Authorization': 'Bearer dev-admin-token', 'Content-Type': 'application/json'}
BIG = 'x' * (3 * 1024 * 1024)


def call(method, url, body=None, headers=None, timeout=20):
    data = body if isinstance(body, (bytes, type(None))) else body.encode('utf-8')
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except Exception as e:  # a reset, a timeout
        return -1, str(e).encode()


def cases():
    chat = '{"message":"%s","sensor_uuid":"' + A + '"}'
    for url in [G + '/api/rag/chat', G + '/v1/chat/completions',
                G + '/api/recommendations/irrigation', G + '/api/recommendations/fertilization']:
        yield 'no key', 'POST', url, '{}', {'Content-Type': 'application/json'}
        yield 'unknown key', 'POST', url, '{}', {**FARMER, 'Authorization': 'Bearer nope'}
        yield 'basic auth', 'POST', url, '{}', {**FARMER, 'Authorization': 'Basic YTpi'}
        yield 'empty body', 'POST', url, b'', FARMER
        yield 'cut JSON', 'POST', url, '{"message": ', FARMER
        yield 'array', 'POST', url, '[1,2,3]', FARMER
        yield 'null', 'POST', url, 'null', FARMER
        yield 'nested 5000 deep', 'POST', url, '[' * 5000 + ']' * 5000, FARMER
        yield '3 MB', 'POST', url, chat % BIG, FARMER
        yield 'xml', 'POST', url, '<a/>', {**FARMER, 'Content-Type': 'application/xml'}
        yield 'bad UTF-8', 'POST', url, b'{"message":"\xff\xfe","sensor_uuid":"' + A.encode() + b'"}', FARMER
        yield 'foreign sensor', 'POST', url, '{"message":"hi","sensor_uuid":"' + B + '"}', FARMER
        yield 'path as sensor', 'POST', url, '{"message":"hi","sensor_uuid":"../../etc/passwd"}', FARMER
        yield 'wrong types', 'POST', url, '{"message":12,"sensor_uuid":true,"pipeline":[1]}', FARMER
        yield 'duplicate key', 'POST', url, '{"message":"hi","message":"x","sensor_uuid":"' + A + '"}', FARMER
        yield 'GET', 'GET', url, None, FARMER
    yield 'NUL in message', 'POST', G + '/api/rag/chat', chat % 'hi\\u0000there', FARMER
    yield 'half surrogate', 'POST', G + '/api/rag/chat', chat % 'hi \\ud800', FARMER
    yield 'invisible only', 'POST', G + '/api/rag/chat', chat % '\\u200c\\u200c', FARMER
    yield 'NUL in advice query', 'POST', G + '/api/recommendations/irrigation', '{"sensor_uuid":"' + A + '","query":"a\\u0000b"}', FARMER
    v1 = '{"model":"croplogic","messages":[{"role":"user","content":"hi"}],%s}'
    for extra in ['"temperature":-1', '"max_tokens":"a"', '"n":5', '"top_p":3']:
        yield extra, 'POST', G + '/v1/chat/completions', v1 % extra, FARMER
    yield 'v1 role god', 'POST', G + '/v1/chat/completions', '{"model":"croplogic","messages":[{"role":"god","content":"x"}]}', FARMER
    yield 'v1 image part', 'POST', G + '/v1/chat/completions', '{"model":"croplogic","messages":[{"role":"user","content":[{"type":"image_url"}]}]}', FARMER
    yield 'v1 NUL', 'POST', G + '/v1/chat/completions', '{"model":"croplogic","messages":[{"role":"user","content":"a\\u0000"}]}', FARMER
    yield 'unknown path', 'GET', G + '/api/nope', None, FARMER
    # refused by Netty or Spring's adapter before any handler: once 414/431/400 with an empty body
    yield 'URI of 10 KB', 'GET', G + '/api/conversations?' + 'q' * 10_000, None, FARMER
    yield 'header of 20 KB', 'GET', G + '/api/conversations', None, {**FARMER, 'X-Big': 'b' * 20_000}
    yield 'bad escape in path', 'GET', G + '/api/conversations/%zz', None, FARMER
    yield 'bad escape on /v1', 'GET', G + '/v1/models/%zz', None, FARMER
    yield 'bad escape, bridge', 'GET', S + '/api/stations/%zz/days', None, ADMIN
    yield 'foreign snapshot', 'GET', G + '/api/sensors/' + B + '/snapshot', None, FARMER
    yield 'unknown trace', 'GET', G + '/api/chats/not-a-uuid/trace', None, FARMER
    yield 'NUL conversation', 'GET', G + '/api/conversations/%00', None, FARMER
    reading = S + '/api/sensors/' + A + '/readings'
    for body in ['{}', '[]', '{"ts":"yesterday","soil_moisture":1}', '{"ts":"2026-12-07T10:00:00Z","soil_moisture":1e309}',
                 '{"ts":"2026-12-07T10:00:00Z","soil_moisture":-5}', '{"ts":"9999-12-07T10:00:00Z","soil_moisture":5}',
                 '{"ts":"2026-12-07T10:00:00Z","soil_moisture":5,"extra":1}', '{"ts":"2026-12-07T10:00:00Z","ph":99}',
                 '{"ts":"2026-12-07T10:00:00Z\\u0000","soil_moisture":5}',
                 '{"ts":"2026-12-07T10:00:00Z","soil_moisture":5,"x":"' + BIG + '"}']:
        yield 'reading ' + body[:40], 'POST', reading, body, DEVICE
    yield 'reading, no token', 'POST', reading, '{"ts":"2026-12-07T10:00:00Z","soil_moisture":5}', {'Content-Type': 'application/json'}
    yield 'reading, API key', 'POST', reading, '{"ts":"2026-12-07T10:00:00Z","soil_moisture":5}', FARMER
    yield 'profile garbage', 'PUT', S + '/api/sensors/' + A + '/profile', '{"crop":123,"lat":999}', DEVICE
    yield 'station NUL name', 'PUT', S + '/api/stations/st-hostile', '{"lat":35,"lon":51,"elevation_m":1000,"name":"a\\u0000"}', ADMIN
    yield 'station RH 140', 'POST', S + '/api/stations/demo-station/observations', '{"date":"2026-12-06","t_max":20,"t_min":5,"rh_max":140,"rh_min":30,"wind_speed":2,"solar_radiation_mj":10,"rain_mm":0}', ADMIN
    yield 'days, bad dates', 'GET', S + '/api/stations/demo-station/days?from=2026-13-01&to=x', None, ADMIN
    multipart = {'Authorization': 'Bearer dev-admin-token', 'Content-Type': 'multipart/form-data; boundary=zzz'}
    yield 'upload, not multipart', 'POST', I + '/admin/kbs/chat/documents', b'xxx', multipart
    yield 'upload, an .exe', 'POST', I + '/admin/kbs/chat/documents', b'--zzz\r\nContent-Disposition: form-data; name="file"; filename="../../a.exe"\r\n\r\nMZ\x00\x00\r\n--zzz--\r\n', multipart
    yield 'table, cut CSV', 'PUT', I + '/admin/kbs/irrigation/tables/crops.csv', 'a,b\n"unterminated', {**ADMIN, 'Content-Type': 'text/csv'}
    yield 'keys, farmer key', 'POST', G + '/admin/keys', '{}', FARMER


def failure(name, method, url, status, body):
    where = f'{name}: {method} {url[:70]} -> {status}'
    if status == -1 or status >= 500:
        return where + ' ' + body[:200].decode('utf-8', 'replace')
    if status >= 400:
        try:
            error = json.loads(body)
        except ValueError:
            return where + ' with a body that is not JSON'
        if not isinstance(error, dict) or not (error.get('error') and (error.get('message') or isinstance(error['error'], dict))):
            return where + ' without {error, message}'
    if status < 400 and name in ('NUL in message', 'half surrogate', 'invisible only', 'v1 NUL', 'NUL in advice query'):
        return where + ': accepted'
    return None


def memory_still_works():
    status, body = call('POST', G + '/api/rag/chat', '{"message":"What is ET0?","sensor_uuid":"' + A + '"}', FARMER, 60)
    meta = [json.loads(line[5:]) for line in body.decode().splitlines() if line.startswith('data:') and 'conversation_id' in line]
    if status != 200 or not meta:
        return f'a plain chat afterwards: {status}'
    conversation = meta[0]['conversation_id']
    for _ in range(20):
        status, body = call('GET', G + '/api/conversations/' + conversation, None, FARMER)
        if status == 200 and json.loads(body).get('turns'):
            return None
        time.sleep(0.5)
    return f'conversation memory after the hostile input: {status} {body[:200]}'


failures = []
total = 0
for name, method, url, body, headers in cases():
    total += 1
    status, answer = call(method, url, body, headers)
    problem = failure(name, method, url, status, answer)
    if problem:
        failures.append(problem)
problem = memory_still_works()
if problem:
    failures.append(problem)
for f in failures:
    print('hostile-input: FAIL ' + f)
print(f'hostile-input: {total} requests, {len(failures)} failures')
sys.exit(1 if failures else 0)
