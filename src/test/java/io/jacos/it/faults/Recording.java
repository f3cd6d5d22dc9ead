package io.jacos.it.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the clients and the observer printed, read back from their logs: every acknowledgement (or refusal) a
 * client got, and every view, as a stream per viewer and service. A viewer is a node as the observer asked it
 * ({@code node <address>}) or a subscriber as it was pushed ({@code push <client>}).
 */
final class Recording {

    /** One register or deregister call and its outcome: {@code code} is null when acknowledged. */
    record Ack(String client, long at, boolean register, String service, String instance, String code,
               String message) {
        boolean ok() {
            return code == null;
        }
    }

    /** A step of a client JVM's redo task: {@code type} is the client's REGISTER, UNREGISTER or REMOVE. */
    record Redo(long at, String type, String service) {
    }

    /** A viewer's list at one moment; {@code reachable} is false when a node did not answer. */
    record View(long at, boolean reachable, Set<String> instances) {
    }

    final List<Ack> acks = new ArrayList<>();
    /** The clients that run a 1.x nacos-client. */
    final Set<String> legacy = new TreeSet<>();
    final Map<String, Map<String, List<View>>> streams = new LinkedHashMap<>();
    /** Per client JVM, its redo steps in the order printed. */
    final Map<String, List<Redo>> redos = new LinkedHashMap<>();

    /** Reads {@code clients} (name to log) and the observer's log. */
    static Recording read(Map<String, Path> clients, Path observer) {
        Recording recording = new Recording();
        try {
            for (Map.Entry<String, Path> client : clients.entrySet()) {
                for (String line : Files.readAllLines(client.getValue())) {
                    recording.clientLine(client.getKey(), line);
                }
            }
            for (String line : Files.readAllLines(observer)) {
                String[] f = line.split(" ", 5);
                if (f.length >= 4 && f[0].equals("VIEW")) {
                    String list = f.length == 5 ? f[4] : "";
                    recording.add("node " + f[2], f[3], new View(Long.parseLong(f[1]), !list.equals("ERR"),
                            list.equals("ERR") ? Set.of() : set(list)));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read what the clients printed", e);
        }
        return recording;
    }

    /** A line of app {@code k} of a client JVM is {@code @k <fact>}: that app is the client {@code <jvm>/k}. */
    private void clientLine(String jvm, String line) {
        String[] redo = line.split(" ");
        if (redo.length == 4 && redo[0].equals("REDO")) {
            int group = redo[3].indexOf("@@");
            String service = group < 0 ? redo[3] : redo[3].substring(group + 2);
            redos.computeIfAbsent(jvm, j -> new ArrayList<>()).add(new Redo(Long.parseLong(redo[1]), redo[2], service));
            return;
        }
        if (!line.startsWith("@") || line.indexOf(' ') < 0) {
            return;
        }
        String client = jvm + "/" + line.substring(1, line.indexOf(' '));
        String[] f = line.substring(line.indexOf(' ') + 1).split(" ", 7);
        if (f[0].equals("CLIENT") && f.length == 2 && f[1].equals("1")) {
            legacy.add(client);
        } else if (f[0].equals("PUSH") && f.length >= 3) {
            add("push " + client, f[2], new View(Long.parseLong(f[1]), true, set(f.length > 3 ? f[3] : "")));
        } else if (f[0].equals("ACK") && f.length >= 6) {
            boolean ok = f[5].equals("OK");
            acks.add(new Ack(client, Long.parseLong(f[1]), f[2].equals("REG"), f[3], f[4], ok ? null : code(f),
                    ok ? "" : line));
        }
    }

    /** The refusal's code: {@code none} when the client threw no NacosException, which is itself a finding. */
    private static String code(String[] fields) {
        return fields.length > 6 ? fields[6].split(" ")[0] : "none";
    }

    private void add(String viewer, String service, View view) {
        streams.computeIfAbsent(viewer, v -> new LinkedHashMap<>()).computeIfAbsent(service, s -> new ArrayList<>())
                .add(view);
    }

    private static Set<String> set(String list) {
        return list.isBlank() ? Set.of() : new TreeSet<>(Arrays.asList(list.split(",")));
    }

    /** Instances a client was refused or lost track of: a retried call may still land, so no guarantee is taken. */
    Set<String> uncertain() {
        Set<String> uncertain = new TreeSet<>();
        acks.stream().filter(a -> !a.ok()).forEach(a -> uncertain.add(a.instance()));
        return uncertain;
    }

    /** Per service, the instances whose last acknowledged call registered them, minus the uncertain ones. */
    Map<String, Set<String>> expected() {
        Map<String, Map<String, Boolean>> last = new LinkedHashMap<>();
        acks.stream().filter(Ack::ok).sorted(java.util.Comparator.comparingLong(Ack::at)).forEach(a ->
                last.computeIfAbsent(a.service(), s -> new LinkedHashMap<>()).put(a.instance(), a.register()));
        Set<String> uncertain = uncertain();
        Map<String, Set<String>> expected = new LinkedHashMap<>();
        last.forEach((service, states) -> {
            Set<String> live = new TreeSet<>();
            states.forEach((instance, registered) -> {
                if (registered && !uncertain.contains(instance)) {
                    live.add(instance);
                }
            });
            expected.put(service, live);
        });
        return expected;
    }
}
