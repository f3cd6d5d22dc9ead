package io.jacos.application.validation;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compiled checks agree with the full validation: over many generated inputs, good and bad, they pass exactly
 * the inputs the full validation finds nothing wrong with, for every record shape the application validates.
 */
class CompiledRulesTest {

    record Registration(@Valid ServiceRef service, @Required @Valid InstanceSpec instance) {
    }

    record Batch(@Valid ServiceRef service, @Required List<@Required(param = "instance") @Valid InstanceSpec> instances) {
    }

    record Lookup(@Valid ServiceRef service, List<@InstanceClusterName String> clusterName) {
    }

    record Endpoint(@Valid ServiceRef service, @Required @InstanceIp String ip,
                    @Required @Min(0) @Max(65535) Integer port) {
    }

    /** A rule with one validator per value type, which these checks do not pick from: the full validation decides. */
    record Uncovered(@Size(max = 5) String name) {
    }

    private static final String[] NAMES = {null, "", " ", "svc", "a.b-c_d:e", "with space", "@lead", "x@@y", "中文",
            "tab\tin", "x".repeat(64), "y".repeat(65), "z".repeat(129), "ns-1", "DEFAULT"};
    private static final String[] IPS = {null, "", "10.0.0.1", "::1", "host name", "1.1.1.1\n", "h".repeat(129)};
    private static final Integer[] PORTS = {null, -1, 0, 8080, 65535, 65536};
    private static final Double[] WEIGHTS = {null, -0.5, 0.0, 1.0, 10000.0, 10000.5, Double.NaN};

    private final Validator validator = Validation.buildDefaultValidatorFactory().getValidator();
    private final CompiledRules rules = new CompiledRules(validator);
    private final Random random = new Random(2951);

    @Test
    void agreesWithTheFullValidationOnEveryShape() {
        int passed = 0;
        for (int i = 0; i < 20_000; i++) {
            Object input = switch (i % 4) {
                case 0 -> new Registration(service(), random.nextInt(8) == 0 ? null : spec());
                case 1 -> new Batch(service(), random.nextInt(8) == 0 ? null : specs());
                case 2 -> new Lookup(service(), random.nextBoolean() ? null
                        : Arrays.asList(pick(NAMES), pick(NAMES)).subList(0, 1 + random.nextInt(2)));
                default -> new Endpoint(service(), pick(IPS), pick(PORTS));
            };
            boolean valid = validator.validate(input).isEmpty();
            assertEquals(valid, rules.passes(input), () -> String.valueOf(input));
            passed += valid ? 1 : 0;
        }
        // The generated inputs include valid ones of every shape, or the agreement above would prove little.
        assertTrue(passed > 500 && passed < 19_500, passed + " valid of 20,000");
    }

    @Test
    void leavesWhatItDoesNotCoverToTheFullValidation() {
        assertTrue(validator.validate(new Uncovered("abc")).isEmpty());
        assertFalse(rules.passes(new Uncovered("abc")));
        assertFalse(rules.passes(null));
    }

    @Test
    void aNullListElementOrAnInvalidNestedRecordIsNotPassed() {
        ServiceRef service = new ServiceRef("public", "DEFAULT_GROUP", "svc");
        InstanceSpec good = new InstanceSpec(null, "10.0.0.1", 80, 1.0, null, null, null, "DEFAULT", Map.of());
        InstanceSpec badPort = new InstanceSpec(null, "10.0.0.1", 70000, 1.0, null, null, null, "DEFAULT", Map.of());
        assertTrue(rules.passes(new Batch(service, List.of(good))));
        assertFalse(rules.passes(new Batch(service, Arrays.asList(good, null))));
        assertFalse(rules.passes(new Batch(service, List.of(good, badPort))));
        assertFalse(rules.passes(new Registration(new ServiceRef("bad ns", null, "svc"), good)));
    }

    private ServiceRef service() {
        return new ServiceRef(pick(NAMES), pick(NAMES), pick(NAMES));
    }

    private List<InstanceSpec> specs() {
        List<InstanceSpec> specs = new ArrayList<>();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            specs.add(random.nextInt(10) == 0 ? null : spec());
        }
        return specs;
    }

    private InstanceSpec spec() {
        Map<String, String> metadata = new HashMap<>();
        switch (random.nextInt(4)) {
            case 0 -> metadata.put(InstanceMetadata.HEART_BEAT_INTERVAL, "9000");
            case 1 -> metadata.put(InstanceMetadata.HEART_BEAT_TIMEOUT, "soon");
            case 2 -> metadata.put("k", "v");
            default -> metadata = null;
        }
        return new InstanceSpec(null, pick(IPS), pick(PORTS), pick(WEIGHTS), null, null, null, pick(NAMES), metadata);
    }

    private <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }
}
