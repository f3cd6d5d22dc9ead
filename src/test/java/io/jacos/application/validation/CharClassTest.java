package io.jacos.application.validation;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The table lookups answer as the regular expressions do, for ASCII text, other scripts, controls and empty text. */
class CharClassTest {

    private static final List<String> CLASSES = List.of("[a-zA-Z0-9\\-_:.]", "[0-9a-zA-Z\\-_]", "[\\w-]",
            "[\\s\\u4E00-\\u9FA5]", "[\\s\\p{IsHan}\\p{Cntrl}]");
    private static final String ALPHABET = "aZ09-_:.@ \t\n\u000B\u007F\u0000é中文\u3400ß\uD840\uDC00/";

    @Test
    void agreesWithTheRegularExpression() {
        Random random = new Random(7);
        for (String charClass : CLASSES) {
            CharClass fast = new CharClass(charClass);
            Pattern whole = Pattern.compile(charClass + "+");
            Pattern one = Pattern.compile(charClass);
            for (int i = 0; i < 20_000; i++) {
                StringBuilder text = new StringBuilder();
                int length = random.nextInt(6);
                for (int k = 0; k < length; k++) {
                    // Mostly ASCII, as names are, so both the table and the fallback are exercised.
                    text.append(random.nextInt(4) == 0 ? ALPHABET.charAt(random.nextInt(ALPHABET.length()))
                            : (char) random.nextInt(128));
                }
                String s = text.toString();
                assertEquals(whole.matcher(s).matches(), fast.containsOnly(s), () -> charClass + " only " + s);
                assertEquals(one.matcher(s).find(), fast.occursIn(s), () -> charClass + " in " + s);
            }
        }
    }
}
