using System.Buffers;
using System.IO.Pipelines;
using System.Runtime.ExceptionServices;
using Microsoft.AspNetCore.Connections;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Fuzz;

/// <summary>
/// Target (a): the input is everything a client sends on one connection (preamble records, sized envelopes, End,
/// perhaps a second session). The real ServerSession serves it over an in-memory connection whose input ends after the
/// last byte, against the real contract and a canned service; it must end in a refusal or a served session.
/// </summary>
internal static class FramingTarget
{
    // The input is complete before the session starts and the output never applies back-pressure, so every read and
    // flush completes synchronously and a session cannot wait on anything but a bug.
    private static readonly PipeOptions InMemory = new(
        readerScheduler: PipeScheduler.Inline,
        writerScheduler: PipeScheduler.Inline,
        pauseWriterThreshold: 0,
        resumeWriterThreshold: 0,
        useSynchronizationContext: false);

    /// <summary>Serves <paramref name="input"/> as one connection and returns what the service sent back.</summary>
    /// <exception cref="Exception">Whatever the session's last-resort handler logged that is not a decoder refusal, rethrown.</exception>
    public static byte[] Run(ReadOnlySpan<byte> input)
    {
        var logger = new ErrorCapturingLogger();
        var host = new NetTcpServiceHost(FuzzSettings.Contract, new CannedGraphService(), FuzzSettings.CreateOptions(), logger);
        var fromClient = new Pipe(InMemory);
        var toClient = new Pipe(InMemory);
        fromClient.Writer.Write(input);
        fromClient.Writer.Complete();

        var transport = new DuplexPipe(fromClient.Reader, toClient.Writer);
        var application = new DuplexPipe(toClient.Reader, fromClient.Writer);
        var connection = new DefaultConnectionContext("fuzz", transport, application);
        new ServerSession(connection, host, FuzzSettings.EndpointPath).RunAsync().GetAwaiter().GetResult();
        toClient.Writer.Complete();
        toClient.Reader.TryRead(out var sent);
        var answer = sent.Buffer.ToArray();
        toClient.Reader.Complete();

        foreach (var (message, exception, namesOperation) in logger.Errors)
        {
            if (exception is null)
            {
                throw new InvalidOperationException($"The session logged an error without an exception: {message}");
            }

            // The canned service never throws and its replies always serialize, so an error naming an operation means the
            // decoder passed it arguments it cannot take (say, a wrongly typed one): a finding, whatever the exception type.
            if (namesOperation || !DecoderRefusals.IsRefusal(exception))
            {
                ExceptionDispatchInfo.Throw(exception);
            }
        }

        return answer;
    }

    private sealed class DuplexPipe(PipeReader input, PipeWriter output) : IDuplexPipe
    {
        public PipeReader Input { get; } = input;

        public PipeWriter Output { get; } = output;
    }
}
