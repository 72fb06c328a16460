import re, json, os, sys, glob
src = sys.argv[2] if len(sys.argv) > 2 else '/usr/share/doc/python3.11/html/_sources/faq'
out = sys.argv[1]
def clean(t):
    t = re.sub(r'`([^`<]+?)\s*<[^>]+>`__?', r'\1', t)          # `text <url>`_
    t = re.sub(r':[a-z:]+:`~?!?([^`<]+?)(\s*<[^>]+>)?`', r'\1', t)  # :role:`x` / :ref:`x <y>`
    t = re.sub(r'``([^`]+)``', r'\1', t)
    t = re.sub(r'`([^`]+)`_?', r'\1', t)
    t = re.sub(r'^\.\. (_[^:]+:|index::.*|only::.*|contents::.*|highlight::.*|code-block::.*|sourcecode::.*|seealso::|note::|versionadded::.*|versionchanged::.*|deprecated::.*)\s*$', '', t, flags=re.M)
    t = re.sub(r'^\s*:[a-z-]+:.*$', '', t, flags=re.M)
    t = re.sub(r'::\s*$', ':', t, flags=re.M)
    t = re.sub(r'\n{3,}', '\n\n', t)
    return t.strip()
docs, queries = [], []
for f in sorted(glob.glob(src + '/*.rst.txt')):
    name = os.path.basename(f)[:-8]
    if name == 'index': continue
    lines = open(f, encoding='utf-8').read().split('\n')
    heads = []  # (line index of heading text, char, overlined)
    i = 0
    while i < len(lines) - 1:
        ln, nx = lines[i], lines[i+1]
        if ln.strip() and re.fullmatch(r'([=\-~^*+#"])\1{2,}', nx) and len(nx) >= len(ln.rstrip()) and not re.fullmatch(r'([=\-~^*+#"])\1{2,}', ln):
            over = i > 0 and lines[i-1] == nx
            heads.append((i, nx[0], over))
            i += 2; continue
        i += 1
    levels = []
    for _, c, o in heads:
        if (c, o) not in levels: levels.append((c, o))
    deepest = levels[-1]
    title = None; group = None
    for k, (idx, c, o) in enumerate(heads):
        text = lines[idx].strip()
        lvl = levels.index((c, o))
        if lvl == 0: title = text; continue
        if (c, o) != deepest: group = text; continue
        end = heads[k+1][0] - (2 if heads[k+1][2] else 1) if k + 1 < len(heads) else len(lines)
        body = clean('\n'.join(lines[idx+2:end]))
        if not text.endswith('?') or len(body.split()) < 20: continue
        n = len(docs) + 1
        did = f'{name}-{n:03d}'
        docs.append({'_id': did, 'title': title + (' / ' + group if group else ''), 'text': body, 'language': 'en'})
        queries.append({'_id': f'q{n:03d}', 'text': clean(text), 'language': 'en'})
os.makedirs(out + '/qrels', exist_ok=True)
with open(out + '/corpus.jsonl', 'w') as w:
    for d in docs: w.write(json.dumps(d, ensure_ascii=False) + '\n')
with open(out + '/queries.jsonl', 'w') as w:
    for q in queries: w.write(json.dumps(q, ensure_ascii=False) + '\n')
with open(out + '/qrels/test.tsv', 'w') as w:
    w.write('query-id\tcorpus-id\tscore\n')
    for q, d in zip(queries, docs): w.write(f"{q['_id']}\t{d['_id']}\t1\n")
print(len(docs), 'docs', sum(len(d['text'].split()) for d in docs) / len(docs), 'words mean')
