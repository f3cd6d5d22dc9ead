package io.jacos.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Drops the WARN lines nacos-client 2.5.1 logs when one of its connections ends ("Grpc connection disconnect,
 * mark to redo", "mark to redo completed", and "Ignore error event,isRunning:false" from a client already shut
 * down). The benchmark closes over a thousand clients on purpose, so they would bury the results; they are
 * counted instead. Every other line passes unchanged (slf4j-simple looks up System.err on each write, so
 * replacing it takes effect at once).
 */
final class ShutdownNoiseFilter extends PrintStream {

    private static final List<String> EXPECTED = List.of("Grpc connection disconnect, mark to redo", "mark to redo completed",
            "Ignore error event,isRunning:false");

    private final AtomicInteger dropped = new AtomicInteger();

    private ShutdownNoiseFilter(PrintStream target) {
        super(target, true);
    }

    static ShutdownNoiseFilter install() {
        ShutdownNoiseFilter filter = new ShutdownNoiseFilter(System.err);
        System.setErr(filter);
        return filter;
    }

    @Override
    public void println(String line) {
        if (line != null && EXPECTED.stream().anyMatch(line::contains)) {
            dropped.incrementAndGet();
            return;
        }
        super.println(line);
    }

    int dropped() {
        return dropped.get();
    }
}
