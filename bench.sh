#!/usr/bin/env bash
# Benchmarks, not tests: they print measured figures and assert nothing.
#   ./bench.sh streams [--concurrency 50,200,500,1000] [--flood 100]   (needs ./run.sh running with LLM_BASE_URL=http://127.0.0.1:18000/v1 LLM_MODEL=fake-streaming)
#   ./bench.sh chat [--streams 1] [--seconds 20] [--warmup-seconds 0] [--chat-timeout 60]   (needs ./run.sh running)
#   ./bench.sh freshness [--devices 1000] [--rate 100] [--seconds 30]   (needs ./run.sh running)
#   ./bench.sh station-fanout [--fields 200] [--rounds 20] [--gap-ms 2000] [--fields-data full|profile] (needs ./run.sh running)
#   ./bench.sh chaos [--seconds 180] [--chats 10] [--readings 50] [--observations 2] (needs ./run.sh running; kills its processes)
#   ./bench.sh chaos --replicas 2 [--scenario goal|rolling] [--in-flight 50] [--seconds 90] [--faults 20:kill:llm-service,...]
#       (needs ./run.sh --replicas 2 running with LLM_BASE_URL=http://127.0.0.1:18000/v1 LLM_MODEL=fake-streaming; starts that model)
#   ./bench.sh retrieval <BEIR dataset dir> [--modes bm25,dense,hybrid,hybrid+rerank] [--split all|dev|test] [--window-scores max,mean]
#   ./bench.sh retrieval-report <eval dir> [--split test|dev|dev,test]   (every set in it + benchmarks/data/long-passages)
#   ./bench.sh retrieval-scale <BEIR dataset dir> [--chunks 100000] [--sentences 16] [--rounds 3] [--modes bm25,dense,hybrid,hybrid-serial,dense-mean,hybrid-mean]
#       [--index DIR (kept, reused when it holds the chunks)] [--threads 2 (indexing)] [--merge N (segments, kept index only)] [--compact true (merge as the service does once knowledge is quiet)] [--slowest N]
#   ./bench.sh fusion-calibration <BEIR dataset dir> [--split dev|test] [--queries 200]
#   ./bench.sh rerank-calibration <BEIR dir>[,<BEIR dir>...] [--rerank-onnx-model m.onnx --rerank-onnx-tokenizer t.json]
#   ./bench.sh answers <BEIR dir or knowledge folder> [--questions file] [--unanswerable file] [--thresholds 0.3,0.4,0.5,0.6] [--paraphrase 0.6]
set -euo pipefail
cd "$(dirname "$0")"
VERSION=0.1.0-SNAPSHOT
JAR=benchmarks/target/benchmarks-$VERSION.jar
if [ ! -f "$JAR" ] || [ -n "$(find benchmarks/src model-fake/src ingest-service/src retrieval-service/src llm-service/src/main platform-kit/src schemas/src -newer "$JAR" -print -quit)" ]; then
  echo "building the benchmarks..." >&2
  ./mvnw -q -B -DskipTests -Dspotless.check.skip package -pl benchmarks -am >/dev/null
  touch "$JAR" # the jar plugin leaves an unchanged jar as it was: without this, every run rebuilt
fi
exec java ${BENCH_JAVA_OPTS:-} -Xss256k -Xmx1g -XX:+UseSerialGC -cp "$JAR:$(cat benchmarks/target/classpath.txt)" io.streamrag.bench.BenchMain "$@"
