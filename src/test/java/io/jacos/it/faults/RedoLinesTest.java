package io.jacos.it.faults;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The naming client's redo steps become facts, its other informational lines go, everything else passes. */
class RedoLinesTest {

    @Test
    void keepsRedoStepsDropsOtherNamingInfoAndPassesTheRest() {
        PrintStream before = System.err;
        ByteArrayOutputStream passed = new ByteArrayOutputStream();
        List<String> facts = new ArrayList<>();
        try {
            System.setErr(new PrintStream(passed, true, StandardCharsets.UTF_8));
            RedoLines.install(facts::add);
            System.err.println("[redo.0] INFO com.alibaba.nacos.client.naming - Redo instance operation REGISTER "
                    + "for DEFAULT_GROUP@@svc");
            System.err.println("[push] INFO com.alibaba.nacos.client.naming - current ips:(1) service: svc -> []");
            System.err.println("[w] WARN com.alibaba.nacos.client.naming - Grpc connection disconnect, mark to redo");
        } finally {
            System.setErr(before);
            System.clearProperty("org.slf4j.simpleLogger.log.com.alibaba.nacos.client.naming");
        }
        assertEquals(1, facts.size());
        assertTrue(facts.get(0).matches("REDO \\d+ REGISTER DEFAULT_GROUP@@svc"), facts.get(0));
        String rest = passed.toString(StandardCharsets.UTF_8);
        assertEquals("[w] WARN com.alibaba.nacos.client.naming - Grpc connection disconnect, mark to redo"
                + System.lineSeparator(), rest);
    }
}
