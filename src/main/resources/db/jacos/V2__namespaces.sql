-- Namespaces the console created, so that the HTTP API still knows them, and their stored services, after a
-- restart. Lengths as the console's input rules allow them; the description is free text.
CREATE TABLE naming_namespace (
    namespace_id        VARCHAR(128)  NOT NULL,
    namespace_name      VARCHAR(128)  NOT NULL,
    description         VARCHAR       NOT NULL,
    CONSTRAINT pk_naming_namespace PRIMARY KEY (namespace_id)
);
