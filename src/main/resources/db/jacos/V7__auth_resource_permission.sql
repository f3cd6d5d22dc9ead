-- Grants on less than a namespace, as Nacos writes them ('ns:group:type/name'): the namespace in its own column,
-- so deleting a namespace removes them with its whole-namespace grants, and the rest ('group:type/name', '*' the
-- only wildcard) as the scope. Actions 'r', 'w' or 'rw'.
CREATE TABLE auth_resource_permission (
    role_name           VARCHAR(64)   NOT NULL,
    namespace_id        VARCHAR(128)  NOT NULL,
    scope               VARCHAR(320)  NOT NULL,
    actions             VARCHAR(8)    NOT NULL,
    CONSTRAINT pk_auth_resource_permission PRIMARY KEY (role_name, namespace_id, scope)
);
