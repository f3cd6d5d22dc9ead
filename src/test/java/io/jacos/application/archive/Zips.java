package io.jacos.application.archive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Zips built entry by entry, the hostile ones included, as a test needs them. */
final class Zips {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final ZipOutputStream out = new ZipOutputStream(bytes, StandardCharsets.UTF_8);

    Zips add(String name, String text) {
        return add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    Zips add(String name, byte[] data) {
        try {
            out.putNextEntry(new ZipEntry(name));
            out.write(data);
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    byte[] bytes() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
