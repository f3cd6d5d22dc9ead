package io.jacos.it.faults;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps, of the naming client's informational log, only what its redo task does: a 2.x client re-registers its
 * instances after each reconnect, and a deregistration made while that runs can be overtaken by the redo's own
 * register, which the client takes back on its next pass. The checker must tell that apart from a server that
 * brought a removed instance back, so each redo step becomes a {@code REDO} line; every other informational line
 * of the naming logger is dropped (tens of clients log each push in full), warnings and errors pass unchanged.
 */
final class RedoLines extends OutputStream {

    private static final String NAMING = " INFO com.alibaba.nacos.client.naming - ";
    private static final Pattern REDO = Pattern.compile("Redo instance operation (\\w+) for (\\S+)");

    private final PrintStream passOn;
    private final Consumer<String> facts;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private RedoLines(PrintStream passOn, Consumer<String> facts) {
        this.passOn = passOn;
        this.facts = facts;
    }

    /** Before any client logs: raises the naming logger to INFO and filters the standard error it writes to. */
    static void install(Consumer<String> facts) {
        System.setProperty("org.slf4j.simpleLogger.log.com.alibaba.nacos.client.naming", "info");
        System.setErr(new PrintStream(new RedoLines(System.err, facts), true, StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            flushLine();
        } else {
            line.write(b);
        }
    }

    private void flushLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        int naming = text.indexOf(NAMING);
        if (naming < 0) {
            passOn.println(text);
            return;
        }
        Matcher redo = REDO.matcher(text.substring(naming + NAMING.length()));
        if (redo.lookingAt()) {
            facts.accept("REDO " + System.currentTimeMillis() + " " + redo.group(1) + " " + redo.group(2));
        }
    }

    @Override
    public synchronized void flush() {
        passOn.flush();
    }
}
