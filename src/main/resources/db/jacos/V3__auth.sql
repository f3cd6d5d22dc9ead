-- Auth (issue 11): users with their PBKDF2 password hash, the roles bound to them, what each role may do per
-- namespace ('*' for all; actions 'r', 'w' or 'rw'), and the installation's token-signing key (one row, base64).
CREATE TABLE auth_user (
    username            VARCHAR(64)   NOT NULL,
    password_hash       VARCHAR(256)  NOT NULL,
    CONSTRAINT pk_auth_user PRIMARY KEY (username)
);

CREATE TABLE auth_role (
    role_name           VARCHAR(64)   NOT NULL,
    username            VARCHAR(64)   NOT NULL,
    CONSTRAINT pk_auth_role PRIMARY KEY (role_name, username)
);

CREATE TABLE auth_permission (
    role_name           VARCHAR(64)   NOT NULL,
    namespace_id        VARCHAR(128)  NOT NULL,
    actions             VARCHAR(8)    NOT NULL,
    CONSTRAINT pk_auth_permission PRIMARY KEY (role_name, namespace_id)
);

CREATE TABLE auth_token_key (
    key_id              INTEGER       NOT NULL,
    token_key           VARCHAR(256)  NOT NULL,
    CONSTRAINT pk_auth_token_key PRIMARY KEY (key_id)
);
