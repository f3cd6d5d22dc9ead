package io.jacos.application;

import io.jacos.application.validation.InstanceMetadata;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Pattern;

import java.util.Map;

/**
 * A service's settings as a transport received them: protect threshold (0 to 1, default 0), metadata, and the
 * selector type ({@code none} or {@code label}) with its expression.
 */
public record ServiceSettings(@DecimalMin(value = "0", message = ZERO_TO_ONE)
                              @DecimalMax(value = "1", message = ZERO_TO_ONE) Float protectThreshold,
                              @InstanceMetadata Map<String, String> metadata,
                              @Pattern(regexp = "none|label", message = "none or label") String selectorType,
                              String selectorExpression) {

    static final String ZERO_TO_ONE = "0 to 1";
}
