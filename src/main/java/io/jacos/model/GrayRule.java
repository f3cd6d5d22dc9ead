package io.jacos.model;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Who a gray version of a configuration is served to, as Nacos 2.5.1 models its two kinds: a beta for the clients
 * whose IP is one of a comma-separated list (named {@code beta}, matched first), or a tag for the clients that
 * ask with that tag (named {@code tag_<tag>}). The factories refuse what Nacos refuses and what would grow without
 * bound: a tag over {@link #MAX_TAG_LENGTH} characters or outside letters, digits and {@code _-.:}, more than
 * {@link #MAX_BETA_IPS} beta IPs or a list over {@link #MAX_BETA_IPS_LENGTH} characters.
 */
public record GrayRule(Kind kind, String expression) {

    public enum Kind { BETA, TAG }

    public static final String BETA_NAME = "beta";
    public static final String TAG_PREFIX = "tag_";
    public static final int MAX_TAG_LENGTH = 16;
    public static final int MAX_BETA_IPS = 256;
    public static final int MAX_BETA_IPS_LENGTH = 8_192;

    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_.:-]+");

    public GrayRule {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expression, "expression");
    }

    /** The rule a publish asks for, as Nacos reads it (beta IPs before a tag); null for a formal publish. */
    public static GrayRule of(String betaIps, String tag) {
        if (betaIps != null && !betaIps.isBlank()) {
            return beta(betaIps);
        }
        return tag == null || tag.isBlank() ? null : tag(tag);
    }

    /** A beta for the IPs {@code betaIps} lists (commas between; blanks around each are dropped). */
    public static GrayRule beta(String betaIps) {
        if (betaIps.length() > MAX_BETA_IPS_LENGTH) {
            throw RegistryException.illegal("betaIps", "Param 'betaIps' is illegal: at most " + MAX_BETA_IPS_LENGTH
                    + " characters.");
        }
        String[] ips = Arrays.stream(betaIps.split(",")).map(String::trim).filter(ip -> !ip.isEmpty())
                .distinct().toArray(String[]::new);
        if (ips.length == 0) {
            throw RegistryException.illegal("betaIps", "Param 'betaIps' is illegal: it names no IP.");
        }
        if (ips.length > MAX_BETA_IPS) {
            throw RegistryException.illegal("betaIps", "Param 'betaIps' is illegal: at most " + MAX_BETA_IPS
                    + " IPs.");
        }
        return new GrayRule(Kind.BETA, String.join(",", ips));
    }

    /** A tag gray; the tag is trimmed first, as Nacos checks it. */
    public static GrayRule tag(String tag) {
        String trimmed = tag.trim();
        if (trimmed.length() > MAX_TAG_LENGTH || !TAG.matcher(trimmed).matches()) {
            throw RegistryException.illegal("tag", "Param 'tag' is illegal: at most " + MAX_TAG_LENGTH
                    + " letters, digits or _-.: characters.");
        }
        return new GrayRule(Kind.TAG, trimmed);
    }

    /** The gray version's name, one per configuration: {@code beta} or {@code tag_<tag>}. */
    public String name() {
        return kind == Kind.BETA ? BETA_NAME : TAG_PREFIX + expression;
    }

    /** Nacos's order: a beta before any tag. */
    public int priority() {
        return kind == Kind.BETA ? Integer.MAX_VALUE : Integer.MAX_VALUE - 1;
    }

    /** The beta's IPs; empty for a tag. */
    public Set<String> betaIps() {
        return kind == Kind.BETA ? Arrays.stream(expression.split(",")).collect(Collectors.toSet()) : Set.of();
    }

    /** Whether a client seen as {@code view} is served this gray version. */
    public boolean matches(ConfigView view) {
        return switch (kind) {
            case BETA -> view.clientIp() != null && listed(view.clientIp());
            case TAG -> expression.equals(view.tag());
        };
    }

    /** Scans the list in place: every query and listen of a configuration with a beta asks this. */
    private boolean listed(String ip) {
        int from = 0;
        while (true) {
            int comma = expression.indexOf(',', from);
            int end = comma < 0 ? expression.length() : comma;
            if (end - from == ip.length() && expression.regionMatches(from, ip, 0, ip.length())) {
                return true;
            }
            if (comma < 0) {
                return false;
            }
            from = comma + 1;
        }
    }
}
