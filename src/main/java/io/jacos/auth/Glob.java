package io.jacos.auth;

/**
 * Matches a value against a pattern in which {@code *} stands for any run of characters and everything else for
 * itself. Greedy with one backtrack point, so the cost stays linear in practice and bounded by the product of the
 * two (bounded) lengths; no regular expression is built from what an admin typed.
 */
final class Glob {

    private Glob() {
    }

    static boolean matches(String pattern, String value) {
        int p = 0;
        int v = 0;
        int star = -1;
        int resume = 0;
        while (v < value.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                resume = v;
            } else if (p < pattern.length() && pattern.charAt(p) == value.charAt(v)) {
                p++;
                v++;
            } else if (star >= 0) {
                p = star + 1;
                v = ++resume;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
