package io.jacos.it.appserver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the servers' own command-line tools (asadmin, jboss-cli, ss, jcmd) with a time limit, appending their
 * output to a log, and fails with that output when a command fails.
 */
final class Commands {

    private final Path workDir;
    private final Path log;
    private final Map<String, String> environment;

    Commands(Path workDir, Path log, Map<String, String> environment) {
        this.workDir = workDir;
        this.log = log;
        this.environment = environment;
    }

    /** Runs the command to its end and returns its output; a non-zero exit is a failure. */
    String run(Duration limit, String... command) {
        Result result = attempt(limit, command);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("`" + String.join(" ", command) + "` exited with " + result.exitCode()
                    + ":\n" + result.output());
        }
        return result.output();
    }

    /** Runs the command to its end and returns exit code and output, whatever the exit code. */
    Result attempt(Duration limit, String... command) {
        try {
            Path output = Files.createTempFile(log.getParent(), "command", ".out");
            Process process = start(output, command);
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("`" + String.join(" ", command) + "` did not finish within " + limit
                        + ":\n" + Files.readString(output));
            }
            String text = Files.readString(output);
            Files.delete(output);
            Files.writeString(log, "$ " + String.join(" ", command) + "\n" + text,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            return new Result(process.exitValue(), text);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Starts a long-running command whose output goes to {@code output}. */
    Process start(Path output, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        builder.environment().putAll(environment);
        return builder.start();
    }

    record Result(int exitCode, String output) {
    }
}
