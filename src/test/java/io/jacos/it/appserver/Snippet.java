package io.jacos.it.appserver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A {@code server-config} snippet as docs/operations.md hands it to operators, with its example values replaced by
 * this test's, as an operator would edit them. Each example value must be in the file: a snippet that no longer
 * says what the test replaces fails here, instead of the test quietly running something other than the docs.
 */
final class Snippet {

    private Snippet() {
    }

    /** Writes the filled-in copy of {@code snippet} to {@code target} and answers {@code target}. */
    static Path fill(Path snippet, Map<String, String> replacements, Path target) {
        try {
            String text = Files.readString(snippet);
            for (Map.Entry<String, String> replacement : replacements.entrySet()) {
                if (!text.contains(replacement.getKey())) {
                    throw new IllegalStateException(snippet + " no longer contains the example value `"
                            + replacement.getKey() + "` the test replaces");
                }
                text = text.replace(replacement.getKey(), replacement.getValue());
            }
            Files.writeString(target, text);
            return target;
        } catch (IOException e) {
            throw new IllegalStateException("cannot fill in " + snippet, e);
        }
    }
}
