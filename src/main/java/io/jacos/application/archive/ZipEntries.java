package io.jacos.application.archive;

import io.jacos.model.RegistryException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A zip's file entries as names and UTF-8 text, read within {@link ArchiveLimits} as the bytes come out of the
 * inflater, so a bomb is stopped at the bound rather than after it has filled the memory. Names must be relative
 * paths of plain segments: no {@code ..} or {@code .}, no leading slash or drive, no backslash, no control
 * character, each at most once. Nothing is ever written to disk, but a name a file system would resolve
 * elsewhere is no honest export, so it is refused rather than guessed at.
 */
public final class ZipEntries {

    static final int MAX_NAME_CHARS = 1024;

    private ZipEntries() {
    }

    /** File entries by name, in archive order; directories are checked and counted, then left out. */
    public static Map<String, String> read(byte[] zip, ArchiveLimits limits) {
        if (zip.length < 4 || zip[0] != 'P' || zip[1] != 'K') {
            throw unreadable("The upload is not a zip archive.");
        }
        Map<String, String> files = new LinkedHashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        Budget budget = new Budget(limits, zip.length);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
            ZipEntry entry;
            int count = 0;
            while ((entry = in.getNextEntry()) != null) {
                if (++count > limits.maxEntries()) {
                    throw unreadable("The archive holds more than " + limits.maxEntries() + " entries.");
                }
                String name = entry.getName();
                checkName(name);
                if (!seen.add(name)) {
                    throw unreadable("The archive holds '" + shown(name) + "' twice.");
                }
                byte[] data = budget.read(in, name);
                if (!entry.isDirectory()) {
                    files.put(name, text(data, name));
                } else if (data.length > 0) {
                    throw unreadable("The directory entry '" + shown(name) + "' holds data.");
                }
            }
        } catch (ZipException e) {
            throw unreadable("The archive is not a readable zip (" + e.getMessage() + ").");
        } catch (IllegalArgumentException e) {
            // What the JDK's zip reader throws for a name that is not UTF-8.
            throw unreadable("An entry name in the archive is not UTF-8.");
        } catch (IOException e) {
            throw unreadable("The archive could not be read (" + e.getMessage() + ").");
        }
        return files;
    }

    /** A zip of the entries, in order, each stamped with {@code atMillis}. */
    public static byte[] write(Map<String, String> entries, long atMillis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                entry.setTime(atMillis);
                out.putNextEntry(entry);
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing a zip in memory", e);
        }
        return bytes.toByteArray();
    }

    static void checkName(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME_CHARS) {
            throw unreadable("An entry name is empty or longer than " + MAX_NAME_CHARS + " characters.");
        }
        if (name.indexOf('\\') >= 0 || name.startsWith("/") || name.matches("^[A-Za-z]:.*")) {
            throw unreadable("The entry name '" + shown(name) + "' is not a relative path with '/' separators.");
        }
        if (name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw unreadable("The entry name '" + shown(name) + "' holds a control character.");
        }
        String path = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw unreadable("The entry name '" + shown(name) + "' has an empty, '.' or '..' segment.");
            }
        }
    }

    private static String text(byte[] data, String name) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(data)).toString();
        } catch (CharacterCodingException e) {
            throw unreadable("The entry '" + shown(name) + "' is not UTF-8 text.");
        }
    }

    static RegistryException unreadable(String message) {
        return RegistryException.archive(RegistryException.Reason.ARCHIVE_UNREADABLE, message);
    }

    /** A name fit to quote in a message: printable, and short. */
    static String shown(String name) {
        String cut = name.length() <= 100 ? name : name.substring(0, 97) + "...";
        return cut.replaceAll("[\\p{Cntrl}]", "?");
    }

    /** The bytes unpacked so far, against every bound at once. */
    private static final class Budget {
        private final ArchiveLimits limits;
        private final long packedBytes;
        private long unpacked;

        Budget(ArchiveLimits limits, long packedBytes) {
            this.limits = limits;
            this.packedBytes = packedBytes;
        }

        byte[] read(InputStream in, String name) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            long entryBytes = 0;
            for (int n; (n = in.read(buffer)) > 0; ) {
                entryBytes += n;
                unpacked += n;
                if (entryBytes > limits.maxEntryBytes()) {
                    throw unreadable("The entry '" + shown(name) + "' unpacks to more than "
                            + limits.maxEntryBytes() + " bytes.");
                }
                if (unpacked > limits.maxUnpackedBytes()) {
                    throw unreadable("The archive unpacks to more than " + limits.maxUnpackedBytes() + " bytes.");
                }
                if (unpacked > limits.ratioFloorBytes() && unpacked > packedBytes * limits.maxRatio()) {
                    throw unreadable("The archive unpacks to more than " + limits.maxRatio()
                            + " times its size: refused as a zip bomb.");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }
}
