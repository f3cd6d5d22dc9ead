package io.jacos.application.validation;

import java.util.regex.Pattern;

/**
 * A regular-expression character class, with its answer for each ASCII character worked out once from the class
 * itself: text of ASCII characters only (names nearly always are) is judged by a table lookup per character,
 * anything else by the regular expression, so both ways give the same answer.
 */
final class CharClass {

    private final boolean[] ascii = new boolean[128];
    private final Pattern all;
    private final Pattern any;

    /** @param charClass one bracketed class, such as {@code [a-z_]} */
    CharClass(String charClass) {
        Pattern one = Pattern.compile(charClass);
        for (char c = 0; c < ascii.length; c++) {
            ascii[c] = one.matcher(String.valueOf(c)).matches();
        }
        this.all = Pattern.compile(charClass + "+");
        this.any = one;
    }

    /** True when the text is not empty and every character is in the class. */
    boolean containsOnly(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= ascii.length) {
                return all.matcher(text).matches();
            }
            if (!ascii[c]) {
                return false;
            }
        }
        return !text.isEmpty();
    }

    /** True when some character of the text is in the class. */
    boolean occursIn(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= ascii.length) {
                return any.matcher(text).find();
            }
            if (ascii[c]) {
                return true;
            }
        }
        return false;
    }
}
