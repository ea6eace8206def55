using System.Diagnostics;
using System.IO.Pipelines;
using System.Net.Sockets;
using System.Runtime.Serialization;
using System.Xml;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Connections.Features;
using Microsoft.Extensions.Logging;
using RpcCompare.Stacks;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// One accepted connection: the [MC-NMF] duplex-session handshake, then request/reply envelopes processed strictly in
/// order, until the client's End record, a protocol error, a timeout or host shutdown. Whatever goes wrong here closes
/// this connection only, with one log line (plus the exception for unhandled service errors).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "A session is its RunAsync: the timer source is disposed in that method's finally, when the connection ends.")]
internal sealed class ServerSession
{
    // How long to keep reading after a framing fault so the client can read the fault before the socket closes.
    private static readonly TimeSpan FaultLinger = TimeSpan.FromSeconds(5);

    private readonly ConnectionContext _connection;
    private readonly NetTcpServiceHost _host;
    private readonly string _path;
    private readonly ILogger _logger;
    // The connection's own pipes, or the TLS session's over them while a SecurityMode.Transport session runs.
    private PipeReader _input;
    private PipeWriter _output;
    private FrameReader _frames;
    private TlsTransport? _tls;
    private CancellationTokenSource _timer = new();
    private string _timerPurpose = string.Empty;
    private TimeSpan _timerValue;
    private volatile bool _closeRequested;
    private bool _inSession;

    public ServerSession(ConnectionContext connection, NetTcpServiceHost host, string path)
    {
        _connection = connection;
        _host = host;
        _path = path;
        _logger = host.Logger;
        _input = connection.Transport.Input;
        _output = connection.Transport.Output;
        _frames = new FrameReader(_input);
    }

    private BindingSettings Binding => _host.Binding;

    public async Task RunAsync()
    {
        if (!_host.TryEnterConnection())
        {
            // Closed unread, as Kestrel closes connections over its own MaxConcurrentConnections: nothing is buffered for it.
            LogClosed(LogLevel.Warning, $"the service already serves MaxConcurrentConnections ({_host.MaxConcurrentConnections}) connections");
            _timer.Dispose();
            return;
        }

        try
        {
            await RunSessionsAsync();
        }
        finally
        {
            _host.ExitConnection();
        }
    }

    private async Task RunSessionsAsync()
    {
        var lifetime = _connection.Features.Get<IConnectionLifetimeNotificationFeature>();
        using var shutdown = lifetime?.ConnectionClosedRequested.Register(static state => ((ServerSession)state!).OnCloseRequested(), this);
        try
        {
            // .NET Message Framing lets a connection carry one session after another: WCF's client returns a connection to
            // its pool when a channel closes and starts the next session on it with a new preamble, as CoreWCF allows.
            var reused = false;
            while (await HandshakeAsync(reused))
            {
                using var codec = new BinarySessionCodec(Binding.ReaderQuotas);
                if (!await ServeAsync(codec))
                {
                    break;
                }

                await LeaveTlsAsync();
                reused = true;
            }
        }
        catch (OperationCanceledException) when (_timer.IsCancellationRequested)
        {
            LogClosed(LogLevel.Warning, $"{_timerPurpose} did not complete within {_timerValue}");
        }
        catch (ProtocolException ex)
        {
            LogClosed(LogLevel.Warning, ex.Message);
        }
        catch (Exception ex) when (ex is ConnectionResetException or ConnectionAbortedException or IOException or SocketException or ObjectDisposedException)
        {
            LogClosed(LogLevel.Information, $"the connection was lost ({ex.GetType().Name}: {ex.Message})");
        }
        catch (Exception ex)
        {
            _logger.LogError(ex, "NetTcp connection {ConnectionId} from {RemoteEndPoint} failed and was closed", _connection.ConnectionId, _connection.RemoteEndPoint);
        }
        finally
        {
            LeaveSession();
            await LeaveTlsAsync();
            _timer.Dispose();
        }
    }

    /// <summary>
    /// Back to the connection's own pipes: Microsoft's client pools the raw connection after the End records, so the next
    /// session's preamble (and its own upgrade) arrives in plaintext.
    /// </summary>
    private async ValueTask LeaveTlsAsync()
    {
        if (_tls is { } tls)
        {
            _tls = null;
            SetTransport(_connection.Transport);
            await tls.DisposeAsync();
        }
    }

    private void SetTransport(IDuplexPipe transport)
    {
        _input = transport.Input;
        _output = transport.Output;
        _frames = new FrameReader(_input);
    }

    // Frees the session slot; done before the final End record so a client that has seen End can open a new session at once.
    private void LeaveSession()
    {
        if (_inSession)
        {
            _inSession = false;
            _host.ExitSession();
        }
    }

    private void OnCloseRequested()
    {
        _closeRequested = true;
        _input.CancelPendingRead();
    }

    /// <summary>
    /// Reads and checks the preamble; answers Preamble Ack, or a framing fault and closes. A connection whose earlier
    /// session ended with End records may idle in the client's pool for up to ReceiveTimeout before the next preamble.
    /// </summary>
    private async Task<bool> HandshakeAsync(bool reused)
    {
        if (reused && !await WaitForNextSessionAsync())
        {
            return false;
        }

        var token = StartTimer(Binding.ChannelInitializationTimeout, "the preamble handshake");
        await _host.Handshakes.WaitAsync(token);
        PreambleOutcome outcome;
        try
        {
            outcome = await ReadPreambleAsync(token);
        }
        finally
        {
            _host.Handshakes.Release();
        }

        if (outcome.Fault is not null)
        {
            await SendFaultAndCloseAsync(outcome.Fault, outcome.Problem!);
            return false;
        }

        if (outcome.Problem is not null)
        {
            LogClosed(outcome.Level, outcome.Problem);
            return false;
        }

        if (!_host.TryEnterSession())
        {
            await SendFaultAndCloseAsync(FramingFaults.ServerTooBusy, "the service already serves MaxConcurrentSessions sessions");
            return false;
        }

        _inSession = true;

        FrameWriter.WriteRecord(_output, FramingRecordType.PreambleAck);
        await _output.FlushAsync(token);
        return true;
    }

    private async Task<bool> WaitForNextSessionAsync()
    {
        var idle = StartTimer(Binding.ReceiveTimeout, "waiting for a new session on a pooled connection");
        try
        {
            if (!_closeRequested && await _frames.WaitForDataAsync(idle))
            {
                return true;
            }

            LogClosed(LogLevel.Debug, "the client closed its pooled connection, or the service is shutting down");
        }
        catch (OperationCanceledException) when (idle.IsCancellationRequested)
        {
            LogClosed(LogLevel.Debug, $"the pooled connection was idle for {Binding.ReceiveTimeout}");
        }

        return false;
    }

    private async Task<PreambleOutcome> ReadPreambleAsync(CancellationToken token)
    {
        var type = await _frames.ReadRecordTypeAsync(stopOnCancelledRead: true, token);
        if (type is FrameReader.EndOfStream or FrameReader.ReadCancelled)
        {
            return PreambleOutcome.Closed("the connection closed before sending a preamble");
        }

        if (type != (int)FramingRecordType.Version)
        {
            return PreambleOutcome.Invalid($"the first byte 0x{type:X2} is not a .NET Message Framing version record (garbage or another protocol)");
        }

        var major = await _frames.ReadByteAsync(token);
        var minor = await _frames.ReadByteAsync(token);
        if (major != FramingConstants.MajorVersion)
        {
            return PreambleOutcome.WithFault(FramingFaults.UnsupportedVersion, $"unsupported framing version {major}.{minor}");
        }

        if (await _frames.ReadNextRecordTypeAsync(token) != (int)FramingRecordType.Mode)
        {
            return PreambleOutcome.Invalid("the version record is not followed by a mode record");
        }

        var mode = await _frames.ReadByteAsync(token);
        if (mode != FramingConstants.DuplexMode)
        {
            return PreambleOutcome.WithFault(FramingFaults.UnsupportedMode, $"unsupported framing mode 0x{mode:X2} (only duplex, 0x02, is served)");
        }

        if (await _frames.ReadNextRecordTypeAsync(token) != (int)FramingRecordType.Via)
        {
            return PreambleOutcome.Invalid("the mode record is not followed by a via record");
        }

        var via = await _frames.ReadUtf8Async(FramingConstants.MaxViaSize, token);
        if (via is null)
        {
            return PreambleOutcome.WithFault(FramingFaults.ViaTooLong, $"the via is longer than {FramingConstants.MaxViaSize} bytes");
        }

        if (!NetTcpPath.Matches(_path, via))
        {
            return PreambleOutcome.WithFault(FramingFaults.EndpointNotFound, $"via '{WireText.Escape(via)}' does not match the endpoint path '{_path}'");
        }

        var encodingRecord = await _frames.ReadNextRecordTypeAsync(token);
        if (encodingRecord == (int)FramingRecordType.KnownEncoding)
        {
            var encoding = await _frames.ReadByteAsync(token);
            if (encoding != FramingConstants.BinarySessionEncoding)
            {
                return PreambleOutcome.WithFault(FramingFaults.ContentTypeInvalid, $"unsupported known encoding 0x{encoding:X2} (only 0x08, binary session, is served)");
            }
        }
        else if (encodingRecord == (int)FramingRecordType.ExtensibleEncoding)
        {
            var contentType = await _frames.ReadUtf8Async(FramingConstants.MaxContentTypeSize, token);
            if (contentType is null)
            {
                return PreambleOutcome.WithFault(FramingFaults.ContentTypeTooLong, $"the content type is longer than {FramingConstants.MaxContentTypeSize} bytes");
            }

            if (!string.Equals(contentType, FramingConstants.BinarySessionContentType, StringComparison.OrdinalIgnoreCase))
            {
                return PreambleOutcome.WithFault(FramingFaults.ContentTypeInvalid, $"unsupported content type '{WireText.Escape(contentType)}'");
            }
        }
        else
        {
            return PreambleOutcome.Invalid("the via record is not followed by an encoding record");
        }

        var end = await _frames.ReadNextRecordTypeAsync(token);
        if (end == (int)FramingRecordType.UpgradeRequest)
        {
            if (!_host.RequiresTls)
            {
                return PreambleOutcome.WithFault(FramingFaults.UpgradeInvalid, "the client asked for a stream upgrade (TLS/Windows security), but this endpoint uses SecurityMode.None");
            }

            var upgraded = await UpgradeToTlsAsync(token);
            if (upgraded.Fault is not null || upgraded.Problem is not null)
            {
                return upgraded;
            }

            end = await _frames.ReadNextRecordTypeAsync(token);
            if (end == (int)FramingRecordType.UpgradeRequest)
            {
                return PreambleOutcome.WithFault(FramingFaults.UpgradeInvalid, "the client asked for a second stream upgrade inside TLS; only application/ssl-tls, once, is served");
            }
        }
        else if (_host.RequiresTls && end == (int)FramingRecordType.PreambleEnd)
        {
            return PreambleOutcome.WithFault(FramingFaults.UpgradeInvalid,
                "the client ended its preamble without the TLS upgrade (SecurityMode.None?), but this endpoint requires SecurityMode.Transport");
        }

        return end == (int)FramingRecordType.PreambleEnd
            ? default
            : PreambleOutcome.Invalid($"unexpected record 0x{end:X2} where the preamble end was expected");
    }

    /// <summary>
    /// [MC-NMF] 2.2.3.9/2.2.3.10 for SecurityMode.Transport: reads the upgrade's content type, answers UpgradeResponse and
    /// runs the server side of the TLS handshake, within the preamble's deadline; then the session's framing goes through
    /// TLS. A client that answers the UpgradeResponse with anything but a TLS handshake record (plain framing, say) still
    /// speaks plaintext, so it gets a framing fault it can read.
    /// </summary>
    private async Task<PreambleOutcome> UpgradeToTlsAsync(CancellationToken token)
    {
        var upgrade = await _frames.ReadUtf8Async(FramingConstants.MaxContentTypeSize, token);
        if (!string.Equals(upgrade, FramingConstants.SslTlsUpgrade, StringComparison.Ordinal))
        {
            return PreambleOutcome.WithFault(FramingFaults.UpgradeInvalid, upgrade is null
                ? $"the upgrade's content type is longer than {FramingConstants.MaxContentTypeSize} bytes"
                : $"the client asked for the upgrade '{WireText.Escape(upgrade)}', but this endpoint serves only {FramingConstants.SslTlsUpgrade} (TcpClientCredentialType.None)");
        }

        FrameWriter.WriteRecord(_output, FramingRecordType.UpgradeResponse);
        await _output.FlushAsync(token);
        var first = await _frames.PeekByteAsync(token);
        if (first != FramingConstants.TlsHandshakeRecord)
        {
            return PreambleOutcome.WithFault(FramingFaults.UpgradeInvalid,
                $"after the UpgradeResponse the client sent 0x{first:X2} where a TLS ClientHello (0x16) was expected (plain framing after asking for TLS?)");
        }

        // The same deadline as the rest of the preamble (ChannelInitializationTimeout): a client that stalls mid-handshake
        // holds a handshake slot no longer than one that stalls mid-preamble.
        _timerPurpose = "the preamble handshake with its TLS handshake";
        _tls = await TlsTransport.AcceptAsync(_connection.Transport, _host.TlsOptions(), token);
        SetTransport(_tls);
        _logger.LogDebug("NetTcp connection {ConnectionId}: TLS established ({Tls})", _connection.ConnectionId, _tls.Description);
        return default;
    }

    /// <summary>Serves one session; true when the client ended it with End, so the connection may carry another.</summary>
    private async Task<bool> ServeAsync(BinarySessionCodec codec)
    {
        while (true)
        {
            var idle = StartTimer(Binding.ReceiveTimeout, "waiting for the next message (ReceiveTimeout)");
            var type = _closeRequested ? FrameReader.ReadCancelled : await _frames.ReadRecordTypeAsync(stopOnCancelledRead: true, idle);

            // The idle wait is over once a record has started: the rest of it must arrive within the message deadline,
            // so a peer trickling bytes cannot hold the session for the whole ReceiveTimeout.
            var token = StartTimer(_host.MessageReceiveTimeout, "receiving one message (MessageReceiveTimeout)");
            switch (type)
            {
                case FrameReader.ReadCancelled:
                    // Host shutdown between messages: end the session the framing way.
                    LogClosed(LogLevel.Debug, "the service is shutting down; sending the End record");
                    LeaveSession();
                    FrameWriter.WriteRecord(_output, FramingRecordType.End);
                    await _output.FlushAsync(StartTimer(Binding.SendTimeout, "sending the End record"));
                    return false;
                case FrameReader.EndOfStream:
                    LogClosed(LogLevel.Debug, "the client closed the connection without an End record");
                    return false;
                case (int)FramingRecordType.End:
                    LeaveSession();
                    FrameWriter.WriteRecord(_output, FramingRecordType.End);
                    await _output.FlushAsync(StartTimer(Binding.SendTimeout, "sending the End record"));
                    return true;
                case (int)FramingRecordType.SizedEnvelope:
                    if (!await ReceiveEnvelopeAsync(codec, token))
                    {
                        return false;
                    }

                    break;
                case (int)FramingRecordType.Fault:
                    var fault = await _frames.ReadUtf8Async(FramingConstants.MaxFaultSize, token);
                    LogClosed(LogLevel.Warning, $"the client sent the framing fault '{WireText.Escape(fault)}'");
                    return false;
                default:
                    LogClosed(LogLevel.Warning, $"unexpected framing record 0x{type:X2} where a sized envelope or End was expected");
                    return false;
            }
        }
    }

    /// <summary>Reads one sized envelope and answers it; false when the session must end.</summary>
    private async Task<bool> ReceiveEnvelopeAsync(BinarySessionCodec codec, CancellationToken token)
    {
        var size = await _frames.ReadSizeAsync(token);
        long received = Stopwatch.GetTimestamp();
        if (size > Binding.MaxReceivedMessageSize)
        {
            await SendFaultAndCloseAsync(
                FramingFaults.MaxMessageSizeExceeded,
                $"a {size}-byte message exceeds the MaxReceivedMessageSize quota ({Binding.MaxReceivedMessageSize})");
            return false;
        }

        var pool = _host.ReceiveBufferPool;
        var buffer = await _frames.ReadPayloadAsync(size, pool, token);
        Request? request = null;
        try
        {
            request = DecodeRequest(codec, buffer, size);
        }
        finally
        {
            codec.CloseMessage(failed: request is null || request.ReadFailed);
            pool.Return(buffer);
        }

        if (request.MessageId is null)
        {
            LogClosed(LogLevel.Warning, request.Problem ?? "a message without a MessageID header cannot be answered");
            return false;
        }

        var fault = request.Fault;
        var abortAfterReply = false;
        object? result = null;
        if (fault is null)
        {
            try
            {
                result = await request.Operation!.Invoker.InvokeAsync(_host.Instance, request.Arguments!);
            }
            catch (FaultException ex)
            {
                fault = ServiceFaults.FromFaultException(ex);
            }
            catch (Exception ex)
            {
                _logger.LogError(ex, "NetTcp operation {Operation} threw an unhandled exception; the client gets an internal-error fault and session {ConnectionId} is closed", request.Operation!.Name, _connection.ConnectionId);
                fault = ServiceFaults.InternalError(ex, _host.IncludeExceptionDetailInFaults);
                abortAfterReply = true;
            }
        }

        int payloadSize;
        try
        {
            payloadSize = Encode(codec, request, result, fault);
        }
        catch (Exception ex)
        {
            // As in WCF, failing to serialize a reply (or a fault detail) is an unhandled error: an internal-error fault,
            // then the session ends. Session strings added by the abandoned envelope go out with the fault.
            _logger.LogError(ex, "NetTcp operation {Operation}: serializing the reply failed", request.Operation?.Name);
            payloadSize = Encode(codec, request, null, ServiceFaults.InternalError(ex, _host.IncludeExceptionDetailInFaults));
            abortAfterReply = true;
        }

        if (abortAfterReply)
        {
            // An exception that is not a FaultException ends a WCF session: the client must create a new channel.
            LogClosed(LogLevel.Information, "the session is aborted after an unhandled service exception");
            LeaveSession();
        }

        var blocked = await codec.WriteEnvelopeAsync(_output, payloadSize, StartTimer(Binding.SendTimeout, "sending a reply (SendTimeout)"));
        if (fault is null)
        {
            // As ASP.NET Core's http.server.request.duration for the other hosts: answered calls, first byte in to last byte out;
            // and of that, the time the reply's flushes waited for the client to read (as the HTTP hosts' WriteWaitTiming).
            ServerMetrics.RecordRequest(received);
            ServerMetrics.RecordWriteWait(blocked);
        }
        if (abortAfterReply)
        {
            // After the fault, the End record: WCF and CoreWCF close the session channel gracefully here rather than drop the
            // connection. (Microsoft's client may still send a call before it reads the End; that call waits until its
            // SendTimeout, which is why the load client checks a channel's state before reusing it.)
            FrameWriter.WriteRecord(_output, FramingRecordType.End);
            await _output.FlushAsync(StartTimer(Binding.SendTimeout, "sending the End record"));
        }

        return !abortAfterReply;
    }

    private Request DecodeRequest(BinarySessionCodec codec, byte[] buffer, int size)
    {
        XmlDictionaryReader reader;
        var headers = default(EnvelopeHeaders);
        try
        {
            reader = codec.OpenMessage(buffer, size);
            EnvelopeReader.ReadToBody(reader, ref headers);
        }
        catch (Exception ex) when (ex is XmlException or InvalidDataException or ProtocolException or QuotaExceededException)
        {
            // A reader quota (MaxDepth...) or malformed XML: the reader's message names the quota and its value. With the
            // MessageID already read the client gets it as a fault and the session goes on; without it, only the log does.
            if (headers.MessageId is null)
            {
                return new Request { ReadFailed = true, Problem = $"the envelope could not be read, and without its MessageID it cannot be answered: {ex.Message}" };
            }

            _logger.LogDebug("NetTcp connection {ConnectionId}: an envelope could not be read and is answered with a fault: {Reason}", _connection.ConnectionId, WireText.Escape(ex.Message));
            return new Request { ReadFailed = true, MessageId = headers.MessageId, Fault = ServiceFaults.UnreadableMessage(ex) };
        }

        var request = new Request { MessageId = headers.MessageId };
        if (headers.NotUnderstoodName is not null)
        {
            request.Fault = ServiceFaults.MustUnderstand(headers.NotUnderstoodName, headers.NotUnderstoodNamespace!);
        }
        else if (headers.To is not null && !NetTcpPath.Matches(_path, headers.To))
        {
            request.Fault = ServiceFaults.DestinationUnreachable(headers.To);
        }
        else if (headers.Action is null || !_host.Contract.ByAction.TryGetValue(headers.Action, out var operation))
        {
            request.Fault = ServiceFaults.ActionNotSupported(headers.Action);
        }
        else
        {
            request.Operation = operation;
            try
            {
                request.Arguments = operation.ReadRequestBody(reader);
            }
            catch (Exception ex) when (ex is SerializationException or InvalidDataContractException or XmlException or InvalidCastException)
            {
                request.Fault = ServiceFaults.DeserializationFailed(operation, ex);
                request.ReadFailed = true;
            }
        }

        return request;
    }

    private static int Encode(BinarySessionCodec codec, Request request, object? result, MessageFault? fault)
    {
        var writer = codec.StartMessage();
        if (fault is null)
        {
            EnvelopeWriter.WriteReply(writer, request.Operation!, request.MessageId!, result);
        }
        else
        {
            EnvelopeWriter.WriteFault(writer, fault, request.MessageId!);
        }

        return codec.CompleteMessage();
    }

    /// <summary>Logs, sends a framing Fault record, then lets the client read it before the connection closes.</summary>
    private async Task SendFaultAndCloseAsync(string fault, string reason)
    {
        LogClosed(LogLevel.Warning, $"{reason}; sending framing fault {fault}");
        LeaveSession();
        FrameWriter.WriteFault(_output, fault);
        await _output.FlushAsync(StartTimer(Binding.SendTimeout, "sending a framing fault"));
        try
        {
            // Reading on until the client closes keeps unread request bytes from turning our close into a reset
            // that could destroy the fault before the client reads it.
            await _frames.DrainAsync(StartTimer(FaultLinger, "lingering after a framing fault"));
        }
        catch (Exception ex) when (ex is OperationCanceledException or IOException or ConnectionResetException or ConnectionAbortedException)
        {
            // The client did not close in time or reset the connection; either way we are done.
        }
    }

    private CancellationToken StartTimer(TimeSpan timeout, string purpose)
    {
        if (!_timer.TryReset())
        {
            _timer.Dispose();
            _timer = new CancellationTokenSource();
        }

        _timerPurpose = purpose;
        _timerValue = timeout;
        _timer.CancelAfter(timeout);
        return _timer.Token;
    }

    // Reasons quote wire strings (a via, a client's fault, XML names); escaping the whole reason covers every one of them.
    private void LogClosed(LogLevel level, string reason) =>
        _logger.Log(level, "NetTcp connection {ConnectionId} from {RemoteEndPoint} closed: {Reason}", _connection.ConnectionId, _connection.RemoteEndPoint, WireText.Escape(reason));

    /// <summary>A decoded request: the operation and its arguments, or the fault to answer instead.</summary>
    private sealed class Request
    {
        public UniqueId? MessageId { get; init; }

        public string? Problem { get; init; }

        /// <summary>Reading stopped part-way through the envelope, so the reader is discarded rather than reused.</summary>
        public bool ReadFailed { get; set; }

        public OperationDescription? Operation { get; set; }

        public object?[]? Arguments { get; set; }

        public MessageFault? Fault { get; set; }
    }

    private readonly record struct PreambleOutcome(string? Fault, string? Problem, LogLevel Level)
    {
        public static PreambleOutcome WithFault(string fault, string problem) => new(fault, problem, LogLevel.Warning);

        public static PreambleOutcome Invalid(string problem) => new(null, problem, LogLevel.Warning);

        public static PreambleOutcome Closed(string problem) => new(null, problem, LogLevel.Debug);
    }
}
