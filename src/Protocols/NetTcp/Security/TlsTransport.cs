using System.IO.Pipelines;
using System.Net.Security;
using System.Security.Authentication;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// One session's TLS after the [MC-NMF] upgrade: SslStream over the connection's pipes, and pipes over the SslStream for
/// the framing code, which reads and writes pipes either way. This is the IDuplexPipe, Stream, IDuplexPipe detour the
/// CoreWCF maintainers name as the cost of NetTcp security: each byte is copied once more on each side of SslStream,
/// besides the encryption. SecurityMode.None never comes here.
/// </summary>
internal sealed class TlsTransport : IDuplexPipe, IAsyncDisposable
{
    // A TLS record carries at most 16 KiB of plaintext: buffers of that size let one read take a whole record and one
    // flushed segment make one record, instead of four 4 KiB records and four socket sends per 16 KiB.
    private const int RecordSize = 16 * 1024;

    private readonly SslStream _tls;

    private TlsTransport(SslStream tls)
    {
        _tls = tls;
        Input = PipeReader.Create(tls, new StreamPipeReaderOptions(bufferSize: RecordSize, minimumReadSize: 2048, leaveOpen: true));
        Output = PipeWriter.Create(tls, new StreamPipeWriterOptions(minimumBufferSize: RecordSize, leaveOpen: true));
    }

    public PipeReader Input { get; }

    public PipeWriter Output { get; }

    /// <summary>The negotiated protocol and cipher suite, for the log.</summary>
    public string Description => $"{_tls.SslProtocol}, {_tls.NegotiatedCipherSuite}";

    /// <summary>
    /// The server side of the TLS handshake on <paramref name="transport"/>, bounded by <paramref name="cancellationToken"/>.
    /// A handshake the client breaks (garbage, a protocol or cipher it does not share, a certificate it refuses) is a
    /// <see cref="ProtocolException"/> that says so.
    /// </summary>
    public static async Task<TlsTransport> AcceptAsync(IDuplexPipe transport, SslServerAuthenticationOptions options,
        CancellationToken cancellationToken)
    {
        var tls = new SslStream(new TransportStream(transport), leaveInnerStreamOpen: true);
        try
        {
            await tls.AuthenticateAsServerAsync(options, cancellationToken);
            return new TlsTransport(tls);
        }
        catch (AuthenticationException ex)
        {
            await tls.DisposeAsync();
            throw new ProtocolException($"the TLS handshake failed: {ex.Message}{(ex.InnerException is { } inner ? $" ({inner.Message})" : "")}", ex);
        }
        catch
        {
            await tls.DisposeAsync();
            throw;
        }
    }

    /// <summary>
    /// Ends this session's TLS without a close_notify, as Microsoft's client does: it returns the raw connection to its
    /// pool after the End records, and the next session starts with a plaintext preamble and a new handshake.
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        await Input.CompleteAsync();
        // Every write path flushes; whatever is still buffered here belongs to a write that failed or timed out, and
        // completing with an error drops it instead of writing to a connection that may be gone.
        await Output.CompleteAsync(new OperationCanceledException("The TLS session ended."));
        await _tls.DisposeAsync();
    }
}
