package io.jacos.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A namespace the console created, as one row; {@code public} is never stored, it always exists. */
@Entity(name = "NamespaceRow")
@Table(name = "naming_namespace")
public class NamespaceRow {

    @Id
    @Column(name = "namespace_id")
    String id;
    @Column(name = "namespace_name")
    String name;
    @Column(name = "description")
    String description;

    /** For the JPA provider. */
    public NamespaceRow() {
    }
}
