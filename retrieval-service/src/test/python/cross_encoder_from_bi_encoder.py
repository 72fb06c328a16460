"""Builds a TEST model with a cross-encoder's signature from the bundled all-MiniLM-L6-v2-q.

This is not a trained cross-encoder. It takes a bi-encoder (a sentence embedding model) and wraps
its ONNX graph so that it reads one "[CLS] question [SEP] passage [SEP]" pair, as a cross-encoder
does (inputs input_ids, attention_mask, token_type_ids; output logits [batch, 1]), while inside it
still encodes the two texts apart and answers their cosine similarity:
  - the pair is split by token type into "[CLS] question [SEP]" and "[CLS] passage [SEP]", and the
    two halves run through the bi-encoder as one batch of twice the size;
  - each half is mean-pooled over its own tokens; the logit is the cosine of the two means.
So its logit is what the bi-encoder's cosine would be. It lets tests load and run a real ONNX
model of a cross-encoder's shape offline. A user brings a real cross-encoder by path.

usage: python3 cross_encoder_from_bi_encoder.py <bi-encoder.onnx> <out.onnx>
Needs the onnx package (Debian: python3-onnx).
"""

import sys

import onnx
from onnx import TensorProto, helper


def main(source, target):
    model = onnx.load(source)
    graph = model.graph
    head, tail = [], []

    def make(nodes, op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        return name

    def pre(op, inputs, name, **attrs):
        return make(head, op, inputs, "ce/" + name, **attrs)

    def post(op, inputs, name, **attrs):
        return make(tail, op, inputs, name if name == "logits" else "ce/" + name, **attrs)

    def const(name, value, dtype=TensorProto.INT64):
        return pre("Constant", [], name, value=helper.make_tensor(name, dtype, [], [value]))

    zero, one = const("zero", 0), const("one", 1)
    ids, mask, types = "input_ids", "attention_mask", "token_type_ids"

    # 1. the question: its own tokens ([CLS] question [SEP]), the rest padding
    is_question = pre("Mul", [pre("Sub", [one, types], "not_type"), mask], "is_question")
    question_ids = pre("Mul", [ids, is_question], "question_ids")
    question_len = pre("ReduceSum", [is_question], "question_len", axes=[1], keepdims=1)

    # 2. the passage moved to the front behind the pair's [CLS]: position j reads j + len - 1
    is_passage = pre("Mul", [types, mask], "is_passage")
    length = pre("Gather", [pre("Shape", [ids], "shape"), one], "length", axis=0)
    j = pre("Unsqueeze", [pre("Range", [zero, length, one], "range")], "j", axes=[0])
    source_j = pre("Add", [j, pre("Sub", [question_len, one], "offset")], "source_j")
    inside = pre("Cast", [pre("Less", [source_j, length], "inside_b")], "inside", to=7)
    first = pre("Cast", [pre("Equal", [j, zero], "first_b")], "first", to=7)
    # (opset 11 has no integer Min or Max: arithmetic on 0/1 masks instead)
    index = pre("Mul", [pre("Mul", [source_j, inside], "clamped"),
                        pre("Sub", [one, first], "not_first")], "index")
    from_pair = pre("Mul", [pre("GatherElements", [is_passage, index], "moved", axis=1), inside],
                    "from_pair")
    passage_mask = pre("Add", [from_pair, first], "passage_mask")  # j = 0 reads no passage
    passage_ids = pre("Mul", [pre("GatherElements", [ids, index], "moved_ids", axis=1),
                              passage_mask], "passage_ids")

    # 3. both as one batch of twice the size, token type 0, as the bi-encoder was trained
    both_ids = pre("Concat", [question_ids, passage_ids], "both_ids", axis=0)
    both_mask = pre("Concat", [is_question, passage_mask], "both_mask", axis=0)
    both_types = pre("Mul", [both_ids, zero], "both_types")
    renamed = {ids: both_ids, mask: both_mask, types: both_types}
    for n in graph.node:
        for k, name in enumerate(n.input):
            if name in renamed:
                n.input[k] = renamed[name]

    # 4. mean of each half's token vectors, then their cosine
    hidden = graph.output[0].name
    weights = post("Unsqueeze", [post("Cast", [both_mask], "mask_f", to=TensorProto.FLOAT)],
                   "weights", axes=[2])
    sums = post("ReduceSum", [post("Mul", [hidden, weights], "weighted")], "sums", axes=[1],
                keepdims=0)
    counts = post("ReduceSum", [weights], "counts", axes=[1], keepdims=0)
    means = post("Div", [sums, counts], "means")
    tail.append(helper.make_node("Split", [means], ["ce/q", "ce/p"], name="ce/split", axis=0))
    dot = post("ReduceSum", [post("Mul", ["ce/q", "ce/p"], "qp")], "dot", axes=[1], keepdims=1)

    def norm(x):
        return post("Sqrt", [post("ReduceSum", [post("Mul", [x, x], x + "_sq")], x + "_ss",
                                  axes=[1], keepdims=1)], x + "_norm")

    post("Div", [dot, post("Mul", [norm("ce/q"), norm("ce/p")], "norms")], "logits")

    nodes = head + list(graph.node) + tail
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.output[:]
    graph.output.append(helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 1]))
    onnx.checker.check_model(model)
    onnx.save(model, target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
