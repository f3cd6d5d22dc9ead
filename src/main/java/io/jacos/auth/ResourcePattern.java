package io.jacos.auth;

import io.jacos.model.Namespace;

/**
 * A grant's resource as Nacos writes it, {@code namespaceId:group:type/name}, taken apart and checked once when
 * the grant is made. {@code *} is the only wildcard (any run of characters, none included) and every other
 * character means itself, so a pattern never runs as a regular expression and {@code .} is no wildcard (Nacos
 * turns the pattern into a regex, where it is one; matching it literally grants less, never more). The namespace
 * is an id or {@code *}; the group and the name are patterns; the last part is {@code *} (every type and name)
 * or {@code config/<name>} or {@code naming/<name>}. A name may contain {@code :} and {@code /}: only the first
 * two {@code :} separate. Matching is case-sensitive, as Nacos's is.
 *
 * @param scope everything after the namespace, {@code group:rest}; {@link #WHOLE_NAMESPACE} for all of it
 */
public record ResourcePattern(String namespaceId, String scope) {

    public static final String WHOLE_NAMESPACE = "*:*";
    public static final int MAX_NAMESPACE_CHARS = 128;
    public static final int MAX_SCOPE_CHARS = 320;

    public ResourcePattern {
        String why = problem(namespaceId, scope);
        if (why != null) {
            throw new UserAdmin.Refused(UserAdmin.Refused.Kind.INVALID, why);
        }
    }

    /**
     * A resource as an admin wrote it: {@code namespaceId} alone or {@code namespaceId:*:*} for the whole
     * namespace (blank for {@code public}), or a narrower {@code namespaceId:group:type/name}.
     *
     * @throws UserAdmin.Refused INVALID, with a message saying what is wrong
     */
    public static ResourcePattern parse(String resource) {
        if (resource == null || resource.length() > MAX_NAMESPACE_CHARS + 1 + MAX_SCOPE_CHARS) {
            throw invalid("resource must be at most " + (MAX_NAMESPACE_CHARS + 1 + MAX_SCOPE_CHARS) + " characters");
        }
        int first = resource.indexOf(':');
        if (first < 0) {
            return new ResourcePattern(namespace(resource), WHOLE_NAMESPACE);
        }
        return new ResourcePattern(namespace(resource.substring(0, first)), resource.substring(first + 1));
    }

    public boolean wholeNamespace() {
        return WHOLE_NAMESPACE.equals(scope);
    }

    /** As Nacos writes it. */
    public String resource() {
        return namespaceId + ":" + scope;
    }

    public boolean matches(Resource resource) {
        if (!"*".equals(namespaceId) && !namespaceId.equals(resource.namespaceId())) {
            return false;
        }
        int colon = scope.indexOf(':');
        String rest = scope.substring(colon + 1);
        if (!Glob.matches(scope.substring(0, colon), resource.group())) {
            return false;
        }
        if ("*".equals(rest)) {
            return true;
        }
        int slash = rest.indexOf('/');
        return rest.substring(0, slash).equals(resource.type())
                && Glob.matches(rest.substring(slash + 1), resource.name());
    }

    private static String namespace(String given) {
        return given.isEmpty() ? Namespace.PUBLIC : given;
    }

    private static String problem(String namespaceId, String scope) {
        if (namespaceId == null || namespaceId.isBlank() || namespaceId.length() > MAX_NAMESPACE_CHARS) {
            return "namespace must be a namespace id of at most " + MAX_NAMESPACE_CHARS + " characters, or *";
        }
        if (!"*".equals(namespaceId) && (namespaceId.contains("*") || !printable(namespaceId))) {
            return "namespace must be one namespace id or * (a partial wildcard in a namespace is not served)";
        }
        if (scope == null || scope.length() > MAX_SCOPE_CHARS || !printable(scope)) {
            return "resource after the namespace must be 'group:type/name' of at most " + MAX_SCOPE_CHARS
                    + " printable characters";
        }
        int colon = scope.indexOf(':');
        if (colon <= 0 || colon == scope.length() - 1) {
            return "resource must be 'namespaceId:group:type/name' (or 'namespaceId:*:*'), e.g."
                    + " 'dev:DEFAULT_GROUP:config/app.yaml'";
        }
        String rest = scope.substring(colon + 1);
        if ("*".equals(rest)) {
            return null;
        }
        int slash = rest.indexOf('/');
        String type = slash < 0 ? rest : rest.substring(0, slash);
        if (!Resource.CONFIG.equals(type) && !Resource.NAMING.equals(type)) {
            return "resource type must be 'config' or 'naming' (as in 'group:config/name'), or the whole rest *";
        }
        if (slash < 0 || slash == rest.length() - 1) {
            return "resource must name what it grants after the type: '" + type + "/<name>' (* for every one)";
        }
        return null;
    }

    /** No white space or control characters: none is part of a namespace, group, data id or service name. */
    private static boolean printable(String value) {
        return value.chars().allMatch(c -> c > ' ' && c != 0x7f && !Character.isWhitespace(c)
                && !Character.isISOControl(c));
    }

    private static UserAdmin.Refused invalid(String message) {
        return new UserAdmin.Refused(UserAdmin.Refused.Kind.INVALID, message);
    }
}
