package io.jacos.application;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/**
 * A cluster's health check as received: Nacos's {@code healthChecker} object ({@code type}, and for HTTP
 * {@code path}, {@code headers}, {@code expectedResponseCode}) plus the times and thresholds a cluster may set
 * instead of the server's. A missing number means "the server's setting".
 */
public record HealthCheckSpec(@Pattern(regexp = "(?i)TCP|HTTP|NONE", message = "TCP, HTTP or NONE") String type,
                              @Pattern(regexp = "/[\\x21-\\x7e]{0,511}", message = "a path starting with '/'") String path,
                              @Pattern(regexp = "[^\\r\\n]{0,1024}", message = "one line of 'name:value' pairs joined by '|'")
                              String headers,
                              @Min(value = 100, message = STATUS) @Max(value = 599, message = STATUS) Integer expectedResponseCode,
                              @Min(value = 100, message = MILLIS) @Max(value = 3_600_000, message = MILLIS) Long intervalMillis,
                              @Min(value = 50, message = MILLIS) @Max(value = 60_000, message = MILLIS) Long timeoutMillis,
                              @Min(value = 1, message = COUNT) @Max(value = 100, message = COUNT) Integer unhealthyThreshold,
                              @Min(value = 1, message = COUNT) @Max(value = 100, message = COUNT) Integer healthyThreshold) {

    static final String STATUS = "an HTTP status from 100 to 599";
    static final String MILLIS = "milliseconds in range";
    static final String COUNT = "1 to 100";
}
