package io.jacos.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * A declared service's settings, as one row. Kept to plain columns (maps as JSON text, no converters, no
 * relationships) so EclipseLink and Hibernate map it the same way; {@link NamingRows} turns it into the model.
 */
@Entity(name = "ServiceRow")
@Table(name = "naming_service")
@IdClass(ServiceKeyColumns.class)
public class ServiceRow extends ServiceScopedRow {

    @Column(name = "protect_threshold")
    float protectThreshold;
    @Column(name = "metadata")
    String metadata;
    @Column(name = "selector_type")
    String selectorType;
    @Column(name = "selector_expression")
    String selectorExpression;

    /** For the JPA provider. */
    public ServiceRow() {
    }
}
