-- Conversation memory (S0.7): one row per answered turn, written when its answer is done.
CREATE TABLE conversation_turn (
    request_id        VARCHAR(64)  PRIMARY KEY,
    conversation_id   VARCHAR(128) NOT NULL,
    user_id           VARCHAR(128) NOT NULL,
    sensor_uuid       VARCHAR(64)  NOT NULL,
    pipeline          VARCHAR(64)  NOT NULL,
    language          VARCHAR(8)   NOT NULL,
    question          TEXT         NOT NULL,
    standalone_query  TEXT,
    answer            TEXT         NOT NULL,
    kbs               JSONB        NOT NULL,
    citations         JSONB        NOT NULL,
    provider          VARCHAR(64)  NOT NULL,
    model             VARCHAR(200) NOT NULL,
    prompt_tokens     INT          NOT NULL,
    completion_tokens INT          NOT NULL,
    asked_at          TIMESTAMPTZ  NOT NULL,
    answered_at       TIMESTAMPTZ  NOT NULL,
    first_token_ms    BIGINT       NOT NULL,
    total_ms          BIGINT       NOT NULL
);

-- Every read is one conversation of one owner, newest turns first.
CREATE INDEX conversation_turn_owner
    ON conversation_turn (conversation_id, user_id, sensor_uuid, answered_at DESC);

-- An erased conversation: a turn asked before its erasure is never stored afterwards, even when
-- its write was still on the way while the erasure ran.
CREATE TABLE conversation_erasure (
    conversation_id VARCHAR(128) NOT NULL,
    user_id         VARCHAR(128) NOT NULL,
    sensor_uuid     VARCHAR(64)  NOT NULL,
    erased_at       TIMESTAMPTZ  NOT NULL,
    PRIMARY KEY (conversation_id, user_id, sensor_uuid)
);
