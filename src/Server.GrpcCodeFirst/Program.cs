using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcCodeFirst;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.GrpcCodeFirst,
    add: builder => builder.AddGrpcCodeFirstHost(), map: app => app.MapGrpcCodeFirstHost());
