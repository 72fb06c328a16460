-- The retrieval path of each answer (S3.6), readable by the key that asked.
CREATE TABLE answer_trace (
    request_id      VARCHAR(64)  PRIMARY KEY,
    conversation_id VARCHAR(128) NOT NULL,
    user_id         VARCHAR(128) NOT NULL,
    sensor_uuid     VARCHAR(64)  NOT NULL,
    mode            VARCHAR(16)  NOT NULL,
    steps           JSONB        NOT NULL,
    missing         JSONB        NOT NULL,
    asked_at        TIMESTAMPTZ  NOT NULL
);
