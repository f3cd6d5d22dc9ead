package io.jacos.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Optional;

/**
 * Finds the HTTP port the server was started on without a vendor API: Payara Micro's {@code --port} on the
 * command line wins, then the {@code payaramicro.port} default the uber-jar carries, then 8848.
 */
@ApplicationScoped
public class MainPortDetector {

    static final int NACOS_DEFAULT_PORT = 8848;

    public int detect() {
        return fromCommandLine(System.getProperty("sun.java.command", ""))
                .or(() -> parse(System.getProperty("payaramicro.port")))
                .orElse(NACOS_DEFAULT_PORT);
    }

    static Optional<Integer> fromCommandLine(String command) {
        List<String> words = List.of(command.trim().split("\\s+"));
        for (int i = 0; i < words.size() - 1; i++) {
            if (words.get(i).equals("--port")) {
                return parse(words.get(i + 1));
            }
        }
        return Optional.empty();
    }

    private static Optional<Integer> parse(String value) {
        try {
            return value == null ? Optional.empty() : Optional.of(Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
