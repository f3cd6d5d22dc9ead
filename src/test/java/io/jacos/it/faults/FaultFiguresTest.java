package io.jacos.it.faults;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A kept instance a subscriber was shown, then not, then again, is one lapse; churn and first pushes are none. */
class FaultFiguresTest {

    @Test
    void aKeptInstanceGoneAndBackIsOneLapseOfItsLongestAbsence(@TempDir Path dir) throws Exception {
        Path client = Files.writeString(dir.resolve("c1.log"), String.join("\n",
                "@0 CLIENT 2",
                "@0 ACK 100 REG svc 10.0.0.1:1 OK",
                "@1 ACK 100 REG svc 10.0.0.1:2 OK",
                "@0 ACK 150 REG svc-churn 10.0.0.1:9 OK",
                "@0 PUSH 110 svc 10.0.0.1:1",
                "@0 PUSH 120 svc 10.0.0.1:1,10.0.0.1:2",
                "@0 PUSH 200 svc 10.0.0.1:2",
                "@0 PUSH 228 svc 10.0.0.1:1,10.0.0.1:2!",
                "@0 PUSH 300 svc 10.0.0.1:2",
                "@0 PUSH 310 svc 10.0.0.1:1,10.0.0.1:2",
                "@0 PUSH 160 svc-churn 10.0.0.1:9",
                "@0 PUSH 170 svc-churn ",
                "@1 PUSH 110 svc 10.0.0.1:2",
                "@1 PUSH 130 svc 10.0.0.1:1,10.0.0.1:2"));
        Path observer = Files.writeString(dir.resolve("observer.log"), "");

        FaultFigures.Lapses lapses = FaultFigures.lapses(Recording.read(Map.of("c1", client), observer));

        assertEquals(new FaultFigures.Lapses(1, 28), lapses, "10.0.0.1:1 to c1/0, gone 28 ms then 10 ms");
    }
}
