-- Jacos naming store, version 1. The same script runs on H2 2.x and PostgreSQL, so it keeps to what both
-- accept: unquoted lower-case names (neither database's keywords), VARCHAR without a length for free text
-- (unbounded on both), REAL/DOUBLE PRECISION/BOOLEAN/INTEGER/BIGINT. Maps are JSON objects in text columns.

-- A service an operator declared, with its settings.
CREATE TABLE naming_service (
    namespace_id        VARCHAR(128)  NOT NULL,
    group_name          VARCHAR(128)  NOT NULL,
    service_name        VARCHAR(512)  NOT NULL,
    protect_threshold   REAL          NOT NULL,
    metadata            VARCHAR       NOT NULL,
    selector_type       VARCHAR(64)   NOT NULL,
    selector_expression VARCHAR       NOT NULL,
    CONSTRAINT pk_naming_service PRIMARY KEY (namespace_id, group_name, service_name)
);

-- The settings of one cluster of a service: how its persistent instances are health-checked.
CREATE TABLE naming_cluster (
    namespace_id        VARCHAR(128)  NOT NULL,
    group_name          VARCHAR(128)  NOT NULL,
    service_name        VARCHAR(512)  NOT NULL,
    cluster_name        VARCHAR(128)  NOT NULL,
    check_type          VARCHAR(16)   NOT NULL,
    check_path          VARCHAR       NOT NULL,
    check_headers       VARCHAR       NOT NULL,
    expected_status     INTEGER       NOT NULL,
    check_interval_ms   BIGINT        NOT NULL,
    check_timeout_ms    BIGINT        NOT NULL,
    unhealthy_threshold INTEGER       NOT NULL,
    healthy_threshold   INTEGER       NOT NULL,
    check_port          INTEGER       NOT NULL,
    use_instance_port   BOOLEAN       NOT NULL,
    metadata            VARCHAR       NOT NULL,
    CONSTRAINT pk_naming_cluster PRIMARY KEY (namespace_id, group_name, service_name, cluster_name)
);

-- A persistent (non-ephemeral) instance, keyed as Nacos keys it: by service, ip and port.
CREATE TABLE naming_instance (
    namespace_id        VARCHAR(128)  NOT NULL,
    group_name          VARCHAR(128)  NOT NULL,
    service_name        VARCHAR(512)  NOT NULL,
    ip                  VARCHAR(128)  NOT NULL,
    port                INTEGER       NOT NULL,
    instance_id         VARCHAR       NOT NULL,
    cluster_name        VARCHAR(128)  NOT NULL,
    weight              DOUBLE PRECISION NOT NULL,
    healthy             BOOLEAN       NOT NULL,
    enabled             BOOLEAN       NOT NULL,
    metadata            VARCHAR       NOT NULL,
    CONSTRAINT pk_naming_instance PRIMARY KEY (namespace_id, group_name, service_name, ip, port)
);
