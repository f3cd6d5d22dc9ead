package io.jacos.it.fuzz;

import java.util.SplittableRandom;

/**
 * Random hostile values. Two kinds: {@code noise} values, which may or may not be valid where they land, and
 * {@code poison} values, each of which a field's rule refuses for certain, so a request carrying one can never
 * change the registry. No generated text contains what {@link Leaks} looks for, so an echo of input is never
 * mistaken for a leak.
 */
final class Hostile {

    private static final String[] ODD_TEXT = {"", " ", "\t", "null", "undefined", "\u0000", "\u202Eevil",
            "\uD83D\uDE00", "\u670D\u52A1", "e\u0301", "\u200B", "%00", "%", "'\"<script>alert(1)</script>",
            "../../etc/passwd", "${jndi:ldap://127.0.0.1/x}", "%s%n%x", "-1", "NaN", "Infinity", "1e309",
            "9223372036854775808", "0x10", "true", "{}", "[]", "a=b&c=d", "\r\nX-Injected: 1", "\\", "@@", "::",
            "DEFAULT_GROUP", "public", "\uFEFF", "\uFFFF", "\u0085", "\u00A0"};
    private static final long[] ODD_NUMBERS = {-1, 0, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE,
            Long.MIN_VALUE, 65535, 65536, -65536, 4294967296L, 2147483648L};

    private final SplittableRandom random;

    Hostile(SplittableRandom random) {
        this.random = random;
    }

    SplittableRandom random() {
        return random;
    }

    int below(int bound) {
        return random.nextInt(bound);
    }

    boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    <T> T pick(T[] options) {
        return options[random.nextInt(options.length)];
    }

    /** Any text: odd, unicode, long (rarely huge), or random code points. */
    String text() {
        return switch (random.nextInt(8)) {
            case 0, 1 -> pick(ODD_TEXT);
            case 2 -> randomCodePoints(1 + random.nextInt(40));
            case 3 -> "x".repeat(random.nextInt(100) < 3 ? 100_000 + random.nextInt(200_000) : 100 + random.nextInt(2000));
            case 4 -> Long.toString(number());
            case 5 -> pick(ODD_TEXT) + randomCodePoints(3);
            default -> "f" + random.nextInt(1000);
        };
    }

    long number() {
        return random.nextInt(3) == 0 ? random.nextLong() : ODD_NUMBERS[random.nextInt(ODD_NUMBERS.length)];
    }

    /** Random code points from every plane, but not the letters of the leak markers' tell-tale words. */
    String randomCodePoints(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int cp = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(0x20);
                case 1 -> 0x80 + random.nextInt(0x780);
                case 2 -> 0x4E00 + random.nextInt(0x5000);
                default -> 0x1F300 + random.nextInt(0x300);
            };
            out.appendCodePoint(cp);
        }
        return out.toString();
    }

    /**
     * A service name every rule refuses: whitespace, control, Han characters, a leading '@' or too long. Never
     * only at the ends: HTTP parameters are trimmed, as in Nacos.
     */
    String poisonServiceName(String noisyBase) {
        // A letter first: a noisy base may be empty or control characters, which trimming would take away.
        String base = "s" + noisyBase;
        return switch (random.nextInt(6)) {
            case 0 -> base + " " + base;
            case 1 -> base + "\u0001x";
            case 2 -> base + "\u670Dx";
            case 3 -> "@" + base;
            case 4 -> "s".repeat(513 + random.nextInt(5000));
            default -> base + "\nx";
        };
    }

    /** A group name the rule refuses (outside letters, digits, '-', '_', ':', '.', or longer than 128). */
    String poisonGroup() {
        return switch (random.nextInt(5)) {
            case 0 -> "group one";
            case 1 -> "g/" + random.nextInt(100);
            case 2 -> "g".repeat(129 + random.nextInt(100));
            case 3 -> "\u7EC4";
            default -> "g#" + randomCodePoints(2);
        };
    }

    /** A namespace id the rule refuses (outside word characters and '-', or longer than 64). */
    String poisonNamespace() {
        return switch (random.nextInt(4)) {
            case 0 -> "ns one";
            case 1 -> "../public";
            case 2 -> "n".repeat(65 + random.nextInt(100));
            default -> "ns\u0001x";
        };
    }

    /** A port outside 0..65535, or not a whole number at all (as text for HTTP). */
    long poisonPort() {
        return switch (random.nextInt(4)) {
            case 0 -> -1 - random.nextInt(100_000);
            case 1 -> 65536 + random.nextInt(1_000_000);
            case 2 -> Integer.MIN_VALUE;
            default -> Integer.MAX_VALUE;
        };
    }

    /** An ip the rule refuses: whitespace, Han characters, empty, or over 128 characters. */
    String poisonIp() {
        return switch (random.nextInt(4)) {
            case 0 -> "10.0. 0.1";
            case 1 -> "\u670D\u52A1";
            case 2 -> "1".repeat(129 + random.nextInt(500));
            default -> "10.0.\t0.1";
        };
    }

    /** A weight outside 0..10000. */
    double poisonWeight() {
        return random.nextBoolean() ? -0.5 - random.nextInt(1000) : 10_000.5 + random.nextInt(1_000_000);
    }

    /** A cluster name the rule refuses. */
    String poisonCluster() {
        return random.nextBoolean() ? "cluster one" : "c".repeat(65 + random.nextInt(50));
    }
}
