package io.jacos.transport.http.auth;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** A request whose form body the filter read to find the token: what comes after reads the same bytes again. */
final class ReplayedBody extends HttpServletRequestWrapper {

    private final InputStream replay;

    ReplayedBody(HttpServletRequest request, byte[] read, InputStream rest) {
        super(request);
        this.replay = rest == null ? new ByteArrayInputStream(read)
                : new SequenceInputStream(new ByteArrayInputStream(read), rest);
    }

    @Override
    public ServletInputStream getInputStream() {
        return new ServletInputStream() {
            private boolean finished;

            @Override
            public int read() throws IOException {
                int next = replay.read();
                finished = next < 0;
                return next;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int count = replay.read(buffer, offset, length);
                finished = count < 0;
                return count;
            }

            @Override
            public boolean isFinished() {
                return finished;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new UnsupportedOperationException("the replayed body is read blocking");
            }
        };
    }

    @Override
    public BufferedReader getReader() {
        String encoding = getCharacterEncoding();
        Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
        return new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }
}
