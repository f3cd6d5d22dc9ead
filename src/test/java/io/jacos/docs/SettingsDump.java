package io.jacos.docs;

import java.nio.file.Path;

/** Prints the settings the code reads, for writing the reference (not a test). */
public final class SettingsDump {
    public static void main(String[] args) {
        CodeSettings.read(Path.of("src/main/java")).forEach((k, v) -> System.out.println(k + "\t" + v.orElse("")));
    }
}
