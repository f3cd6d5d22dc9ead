package io.jacos.it.faults;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A client JVM's lines are read back as the facts they state, its redo steps under the JVM's name. */
class RecordingTest {

    @Test
    void redoStepsAreKeptPerJvmWithTheServiceNameWithoutItsGroup(@TempDir Path dir) throws Exception {
        Path client = Files.writeString(dir.resolve("c1.log"), String.join("\n",
                "@0 CLIENT 2",
                "@0 ACK 100 REG svc-churn 10.0.0.1:1 OK",
                "REDO 120 REGISTER DEFAULT_GROUP@@svc-churn",
                "[main] WARN com.alibaba.nacos.client.naming - Grpc connection disconnect, mark to redo",
                "REDO 3120 UNREGISTER svc-churn",
                "@0 PUSH 130 svc-churn 10.0.0.1:1"));
        Path observer = Files.writeString(dir.resolve("observer.log"), "");

        Recording recording = Recording.read(Map.of("c1", client), observer);

        assertEquals(List.of(new Recording.Redo(120, "REGISTER", "svc-churn"),
                new Recording.Redo(3120, "UNREGISTER", "svc-churn")), recording.redos.get("c1"));
        assertEquals(1, recording.acks.size());
        assertEquals(1, recording.streams.get("push c1/0").get("svc-churn").size());
    }
}
