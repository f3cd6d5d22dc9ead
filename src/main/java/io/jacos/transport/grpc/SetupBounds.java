package io.jacos.transport.grpc;

import io.jacos.transport.grpc.dto.ConnectionSetupBody;

import java.util.Map;
import java.util.Optional;

/**
 * What one {@code ConnectionSetupRequest} may carry. A connection keeps its labels, version and declared IP for
 * its whole life and any host may open thousands of connections, so each is bounded before it is kept.
 * <p>
 * nacos-client 2.5.1 and 3.1.1 send four or five short labels ({@code source}, {@code module}, {@code AppName},
 * {@code tls.enable}, a config client's {@code taskId}) plus the application's own {@code app_*} labels, a
 * version string of some 30 characters and a short ability table: about a hundred characters in all. The bounds
 * leave an order of magnitude of room over that; a setup beyond any of them is not a client.
 */
final class SetupBounds {

    static final int MAX_LABELS = 64;
    static final int MAX_LABEL_KEY = 128;
    static final int MAX_LABEL_VALUE = 512;
    /** Keys and values of all labels together: what one connection may hold in labels at most. */
    static final int MAX_LABEL_CHARS = 4096;
    static final int MAX_ABILITIES = 128;
    static final int MAX_ABILITY_KEY = 128;
    /** {@code clientVersion}, {@code tenant} and the client's declared IP. */
    static final int MAX_TEXT = 128;

    private SetupBounds() {
    }

    /**
     * Why the setup is refused, naming the field and the bound but never the value sent; empty when every field is
     * within its bound.
     */
    static Optional<String> violation(ConnectionSetupBody setup, String declaredClientIp) {
        if (tooLong(setup.clientVersion())) {
            return Optional.of("clientVersion longer than " + MAX_TEXT + " characters");
        }
        if (tooLong(setup.tenant())) {
            return Optional.of("tenant longer than " + MAX_TEXT + " characters");
        }
        if (tooLong(declaredClientIp)) {
            return Optional.of("metadata.clientIp longer than " + MAX_TEXT + " characters");
        }
        Optional<String> labels = labels(setup.labels());
        return labels.isPresent() ? labels : abilities(setup.abilityTable());
    }

    private static Optional<String> labels(Map<String, String> labels) {
        if (labels == null) {
            return Optional.empty();
        }
        if (labels.size() > MAX_LABELS) {
            return Optional.of(labels.size() + " labels (at most " + MAX_LABELS + ")");
        }
        long chars = 0;
        for (Map.Entry<String, String> label : labels.entrySet()) {
            if (label.getKey() == null || label.getValue() == null) {
                return Optional.of("a label without a key or value");
            }
            if (label.getKey().length() > MAX_LABEL_KEY) {
                return Optional.of("a label key longer than " + MAX_LABEL_KEY + " characters");
            }
            if (label.getValue().length() > MAX_LABEL_VALUE) {
                return Optional.of("a label value longer than " + MAX_LABEL_VALUE + " characters");
            }
            chars += label.getKey().length() + label.getValue().length();
        }
        return chars > MAX_LABEL_CHARS
                ? Optional.of("labels of " + chars + " characters in all (at most " + MAX_LABEL_CHARS + ")")
                : Optional.empty();
    }

    private static Optional<String> abilities(Map<String, Boolean> abilities) {
        if (abilities == null) {
            return Optional.empty();
        }
        if (abilities.size() > MAX_ABILITIES) {
            return Optional.of(abilities.size() + " abilities (at most " + MAX_ABILITIES + ")");
        }
        for (String key : abilities.keySet()) {
            if (key == null || key.length() > MAX_ABILITY_KEY) {
                return Optional.of("an ability key longer than " + MAX_ABILITY_KEY + " characters");
            }
        }
        return Optional.empty();
    }

    private static boolean tooLong(String text) {
        return text != null && text.length() > MAX_TEXT;
    }
}
